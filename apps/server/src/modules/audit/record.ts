import type { AuditAction, AuditOutcome, AuditSubjectType } from '@voxa/contracts';
import type { RequestContext } from '../../http/context';
import type { Db } from '../../platform/db';

/**
 * Who did it, as a request knows it: a Fastify request is one (its `ip` already honours TRUST_PROXY).
 * Work done outside a request (the installation) passes a context of its own and no address.
 */
export interface AuditSource {
  ctx: Pick<RequestContext, 'user' | 'team' | 'tokenId' | 'apiUserId' | 'impersonatorId'>;
  ip?: string;
  headers?: { 'user-agent'?: string | string[] | undefined };
}

/** The study a record is about: its id, or found in the request's team by its uuid or a series' uuid. */
export type AuditStudy = number | { studyUuid: string } | { seriesUuid: string };

export interface AuditEntry {
  action: AuditAction | 'install' | 'user-switch.start' | 'user-switch.stop';
  subject: AuditSubjectType;
  id: number | string;
  /** A human label of the subject (a name, an e-mail address). */
  label?: string;
  /** Defaults to the subject itself when it is a study. */
  study?: AuditStudy;
  outcome?: AuditOutcome;
  data?: Record<string, unknown>;
}

const USER_AGENT_MAX = 300;

/** The one way anything writes the audit trail: one insert of one row per entry, nothing read back. */
export async function recordAudit(
  db: Db,
  source: AuditSource,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  const { ctx } = source;
  const teamId = ctx.team?.id ?? null;
  const agent = source.headers?.['user-agent'];
  const who = {
    actor_id: ctx.user?.id ?? null,
    actor_email: ctx.user?.email ?? null,
    actor_name: ctx.user?.name ?? null,
    api_user_id: ctx.apiUserId,
    impersonator_id: ctx.impersonatorId,
    remote_address: source.ip ?? null,
    user_agent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    team_id: teamId,
    team_slug: ctx.team?.slug ?? null,
  };
  await db
    .insertInto('audit_logs')
    .values(
      list.map((entry) => ({
        ...who,
        session_id:
          ctx.tokenId === null
            ? null
            : db.selectFrom('auth_tokens').select('session_id').where('id', '=', ctx.tokenId),
        action: entry.action,
        subject_type: entry.subject,
        subject_id: String(entry.id),
        subject: entry.label ?? null,
        study_id: studyOf(db, teamId, entry),
        outcome: entry.outcome ?? 'success',
        data: JSON.stringify(entry.data ?? {}),
      })),
    )
    .execute();
}

type Entries = AuditEntry | readonly AuditEntry[];

/**
 * Records the entries, then hands back `value`: a route's one-line hook around what it answers (the
 * entries may be made from the answer, for the id of something just created, even by a query).
 */
export async function audited<T>(
  db: Db,
  source: AuditSource,
  entries: Entries | ((value: T) => Entries | Promise<Entries>),
  value: T,
): Promise<T> {
  await recordAudit(db, source, typeof entries === 'function' ? await entries(value) : entries);
  return value;
}

function studyOf(db: Db, teamId: number | null, entry: AuditEntry) {
  const study = entry.study ?? (entry.subject === 'study' && typeof entry.id === 'number' ? entry.id : null);
  if (study === null || typeof study === 'number') return study;
  // Looked up in the request's team only: a uuid of another team's study finds nothing.
  if ('studyUuid' in study)
    return db
      .selectFrom('studies')
      .select('id')
      .where('uuid', '=', study.studyUuid)
      .where('team_id', '=', teamId ?? 0);
  return db
    .selectFrom('series')
    .select('study_id')
    .where('uuid', '=', study.seriesUuid)
    .where('team_id', '=', teamId ?? 0);
}
