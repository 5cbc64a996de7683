import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AdminAuditFilter,
  type AuditRecord,
} from '@voxa/contracts';
import type { Selectable } from 'kysely';
import { unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { AuditLogsTable } from '../../platform/db/schema';
import { likePattern } from '../admin/service';
import { iso } from '../common/time';
import { filterProblem } from '../logs/policy';

/**
 * Records matching the filter. `team_id` is the request's team for a team's auditors, and whatever the
 * administrator chose (or every team) under /admin/audit.
 */
function filtered(db: Db, filter: AdminAuditFilter) {
  const problem = filterProblem(filter);
  if (problem) throw unprocessable(problem, { to: [problem] });
  let q = db.selectFrom('audit_logs');
  if (filter.team_id !== undefined) q = q.where('team_id', '=', filter.team_id);
  if (filter.user) {
    const pattern = likePattern(filter.user);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['actor_name']), 'like', pattern),
        eb(eb.fn('lower', ['actor_email']), 'like', pattern),
      ]),
    );
  }
  if (filter.study_id !== undefined) q = q.where('study_id', '=', filter.study_id);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.from) q = q.where('created_at', '>=', new Date(filter.from));
  if (filter.to) q = q.where('created_at', '<', new Date(filter.to));
  return q;
}

function present(r: Selectable<AuditLogsTable>): AuditRecord {
  return {
    id: r.id,
    created_at: iso(r.created_at),
    actor: r.actor_email,
    actor_id: r.actor_id,
    actor_name: r.actor_name,
    api_user_id: r.api_user_id,
    impersonator_id: r.impersonator_id,
    session_id: r.session_id,
    remote_address: r.remote_address,
    user_agent: r.user_agent,
    team: r.team_id === null ? null : { id: r.team_id, slug: r.team_slug },
    action: r.action,
    subject_type: r.subject_type,
    subject_id: r.subject_id,
    subject: r.subject,
    study_id: r.study_id,
    outcome: r.outcome,
    data: r.data,
  };
}

/** One page of matching records, newest first, with how many match. */
export async function auditPage(db: Db, filter: AdminAuditFilter, page: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(present), total: Number(total.n) };
}

/** The newest matching records an export holds (at most AUDIT_EXPORT_MAX_ROWS). */
export async function auditExportRows(db: Db, filter: AdminAuditFilter): Promise<AuditRecord[]> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_EXPORT_MAX_ROWS)
    .execute();
  return rows.map(present);
}
