import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * The audit trail (issue 19 item 4; docs/decisions/0065-audit-trail.md): who viewed, downloaded, exported,
 * changed or deleted which study, series, segmentation or mask, and which AI run used it, from which
 * address and sign-in. Append-only in the database. Administrators read every team's records under
 * /admin/audit; a team's auditors (r:log-session, the Owner's by default) read their own team's under
 * /audit-events.
 */

/** What was done. Records written before the audit trail keep their own names (`install`, `user-switch.start`). */
export const AUDIT_ACTIONS = [
  'viewed',
  'downloaded',
  'exported',
  'created',
  'changed',
  'deleted',
  'ai-run',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** To what. */
export const AUDIT_SUBJECTS = [
  'study',
  'series',
  'segmentation',
  'mask',
  'label',
  'inference',
  'training',
  'user',
  'audit-trail',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

export const AuditOutcome = z.enum(['success', 'failure']);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** Rows per page of the audit table. */
export const AUDIT_PAGE_SIZE = 50;
/** Records one export (CSV or FHIR) holds at most, the newest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The filters of the table and the exports; every one optional. */
export const AuditFilter = z.strictObject({
  /** Part of the actor's name or e-mail address. */
  user: z.string().trim().max(200).optional(),
  /** Records about this study (its id). */
  study_id: Id.optional(),
  /** One action. */
  action: z.string().trim().max(40).optional(),
  /** Records at or after this instant (ISO 8601). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Records before this instant (ISO 8601). */
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilter = z.infer<typeof AuditFilter>;

/** An administrator's filters add the team (all teams without it). */
export const AdminAuditFilter = AuditFilter.extend({ team_id: Id.optional() });
export type AdminAuditFilter = z.infer<typeof AdminAuditFilter>;

const Page = z.coerce.number().int().positive().max(100000).default(1);

export const AuditRecord = z.object({
  id: Id,
  created_at: Timestamp,
  /** The actor's e-mail address at the time (null when unknown). */
  actor: z.string().nullable(),
  actor_id: Id.nullable(),
  actor_name: z.string().nullable(),
  /** The API user calling, when the request came with an API token. */
  api_user_id: Id.nullable(),
  /** The administrator acting as `actor` through /user-switch. */
  impersonator_id: Id.nullable(),
  /** The sign-in (shared by the tokens of one sign-in), when the request came with a session token. */
  session_id: z.string().nullable(),
  remote_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  team: z.object({ id: Id, slug: z.string().nullable() }).nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  /** A human label of the subject (a name, an e-mail address). */
  subject: z.string().nullable(),
  study_id: Id.nullable(),
  outcome: AuditOutcome,
  data: z.record(z.string(), z.unknown()),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

const AuditPage = z.object({ data: z.array(AuditRecord), total: z.number().int() });

export const audit = {
  list: endpoint({
    method: 'GET',
    path: '/audit-events',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s audit records matching the filters, newest first',
    query: AuditFilter.extend({ page: Page }),
    response: AuditPage,
  }),
  csv: endpoint({
    method: 'GET',
    path: '/audit-events/csv',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s audit records matching the filters as CSV, newest first',
    query: AuditFilter,
    response: null,
    binary: 'text/csv',
  }),
  fhir: endpoint({
    method: 'GET',
    path: '/audit-events/fhir',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s audit records matching the filters as a FHIR R4 Bundle of AuditEvent resources',
    query: AuditFilter,
    response: null,
    binary: 'application/fhir+json',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/audit',
    scope: 'admin',
    summary: 'Every team’s audit records matching the filters, newest first',
    query: AdminAuditFilter.extend({ page: Page }),
    response: AuditPage,
  }),
  adminCsv: endpoint({
    method: 'GET',
    path: '/admin/audit/csv',
    scope: 'admin',
    summary: 'Every team’s audit records matching the filters as CSV, newest first',
    query: AdminAuditFilter,
    response: null,
    binary: 'text/csv',
  }),
  adminFhir: endpoint({
    method: 'GET',
    path: '/admin/audit/fhir',
    scope: 'admin',
    summary: 'Every team’s audit records matching the filters as a FHIR R4 Bundle of AuditEvent resources',
    query: AdminAuditFilter,
    response: null,
    binary: 'application/fhir+json',
  }),
};
