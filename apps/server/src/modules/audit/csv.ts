import type { AuditRecord } from '@voxa/contracts';
import { toCsv } from '../logs/policy';

const HEADER = [
  'time',
  'team',
  'user',
  'name',
  'api_user',
  'impersonator',
  'session',
  'address',
  'user_agent',
  'action',
  'subject_type',
  'subject_id',
  'subject',
  'study',
  'outcome',
  'data',
] as const;

/** Records as CSV (RFC 4180, formula-safe cells: the log sessions' writer). */
export function auditCsv(records: readonly AuditRecord[]): string {
  return toCsv(
    HEADER,
    records.map((r) => [
      r.created_at,
      r.team?.slug ?? '',
      r.actor,
      r.actor_name,
      r.api_user_id,
      r.impersonator_id,
      r.session_id,
      r.remote_address,
      r.user_agent,
      r.action,
      r.subject_type,
      r.subject_id,
      r.subject,
      r.study_id,
      r.outcome,
      JSON.stringify(r.data),
    ]),
  );
}
