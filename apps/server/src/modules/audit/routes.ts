import { api, type AdminAuditFilter } from '@voxa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import type { Db } from '../../platform/db';
import { auditCsv } from './csv';
import { toAuditBundle } from './fhir';
import { recordAudit } from './record';
import { auditExportRows, auditPage } from './service';

/**
 * The audit trail (docs/decisions/0065-audit-trail.md): a team's auditors (r:log-session) read their own
 * team's records; administrators read every team's under /admin/audit. Each export is itself recorded.
 */
export function auditRoutes(app: FastifyInstance, { db }: Deps): void {
  const e = api.audit;
  route(app, e.list, async ({ ctx, query: { page, ...filter } }) =>
    auditPage(db, { ...filter, team_id: ctx.team.id }, page),
  );
  route(app, e.csv, async ({ ctx, query, req, reply }) =>
    exportCsv(db, req, reply, { ...query, team_id: ctx.team.id }, ctx.team.slug),
  );
  route(app, e.fhir, async ({ ctx, query, req, reply }) =>
    exportFhir(db, req, reply, { ...query, team_id: ctx.team.id }, ctx.team.slug),
  );
  route(app, e.adminList, async ({ query: { page, ...filter } }) => auditPage(db, filter, page));
  route(app, e.adminCsv, async ({ query, req, reply }) => exportCsv(db, req, reply, query, 'all'));
  route(app, e.adminFhir, async ({ query, req, reply }) => exportFhir(db, req, reply, query, 'all'));
}

async function exportCsv(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  filter: AdminAuditFilter,
  name: string,
) {
  const rows = await auditExportRows(db, filter);
  await recordExport(db, req, 'csv', filter, rows.length);
  reply.header('content-disposition', `attachment; filename="audit-${name}.csv"`);
  return Buffer.from(auditCsv(rows), 'utf8');
}

async function exportFhir(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  filter: AdminAuditFilter,
  name: string,
) {
  const rows = await auditExportRows(db, filter);
  await recordExport(db, req, 'fhir', filter, rows.length);
  reply.header('content-disposition', `attachment; filename="audit-${name}.fhir.json"`);
  return Buffer.from(JSON.stringify(toAuditBundle(rows, new Date())), 'utf8');
}

/** Reading the trail out is itself an export an auditor wants to see. */
function recordExport(db: Db, req: FastifyRequest, format: string, filter: AdminAuditFilter, rows: number) {
  return recordAudit(db, req, {
    action: 'exported',
    subject: 'audit-trail',
    id: filter.team_id ?? 'all',
    data: { format, rows, filter },
  });
}
