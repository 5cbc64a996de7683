import type { AdminAuditFilter } from '@voxa/contracts';
import { dayStart } from '../log-sessions/filters';

/** The audit filters as the page keeps them in the address: texts, ids and days (YYYY-MM-DD, local). */
export interface AuditFilterForm {
  /** A team's id (administrators only; empty: every team). */
  team: string;
  user: string;
  /** A study's id. */
  study: string;
  action: string;
  fromDay: string;
  toDay: string;
}

const FIELDS = [
  ['team', 'team'],
  ['user', 'user'],
  ['study', 'study'],
  ['action', 'action'],
  ['fromDay', 'from'],
  ['toDay', 'to'],
] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

export function auditFormFromSearch(search: URLSearchParams): AuditFilterForm {
  const day = (v: string | null) => (v && DAY.test(v) ? v : '');
  const id = (v: string | null) => (v && ID.test(v) ? v : '');
  return {
    team: id(search.get('team')),
    user: search.get('user') ?? '',
    study: id(search.get('study')),
    action: search.get('action') ?? '',
    fromDay: day(search.get('from')),
    toDay: day(search.get('to')),
  };
}

/** The address query of a filter form (empty fields left out), plus the page when past the first. */
export function auditSearchFromForm(form: AuditFilterForm, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of FIELDS) {
    const value = form[field].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The API's filter: days become their local midnights (the end day included). The team is sent only for
 * an administrator: a team's auditors always read their own team.
 */
export function auditApiFilter(form: AuditFilterForm, asAdministrator: boolean): AdminAuditFilter {
  const study = form.study.trim();
  const team = form.team.trim();
  return {
    ...(asAdministrator && ID.test(team) && { team_id: Number(team) }),
    ...(form.user.trim() && { user: form.user.trim() }),
    ...(ID.test(study) && { study_id: Number(study) }),
    ...(form.action.trim() && { action: form.action.trim() }),
    ...(form.fromDay && { from: dayStart(form.fromDay) }),
    ...(form.toDay && { to: dayStart(form.toDay, 1) }),
  };
}
