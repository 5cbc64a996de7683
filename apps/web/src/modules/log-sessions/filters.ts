import type { LogFilter } from '@voxa/contracts';

/** The filters as the pages keep them in the address: texts and days (YYYY-MM-DD, local time). */
export interface LogFilterForm {
  user: string;
  path: string;
  fromDay: string;
  toDay: string;
}

const KEYS = ['user', 'path', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formFromSearch(search: URLSearchParams): LogFilterForm {
  const day = (v: string | null) => (v && DAY.test(v) ? v : '');
  return {
    user: search.get('user') ?? '',
    path: search.get('path') ?? '',
    fromDay: day(search.get('from')),
    toDay: day(search.get('to')),
  };
}

/** The address query of a filter form (empty fields left out), plus the page when past the first. */
export function searchFromForm(form: LogFilterForm, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  const values = [form.user.trim(), form.path.trim(), form.fromDay, form.toDay];
  KEYS.forEach((key, i) => {
    if (values[i]) params.set(key, values[i] ?? '');
  });
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Local midnight of a day as ISO 8601; the end day is inclusive, so `to` is the next midnight. */
export function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + plusDays).toISOString();
}

/** The API's filter for a form: days become the instants of their local midnights. */
export function apiFilter(form: LogFilterForm): LogFilter {
  return {
    ...(form.user.trim() && { user: form.user.trim() }),
    ...(form.path.trim() && { path: form.path.trim() }),
    ...(form.fromDay && { from: dayStart(form.fromDay) }),
    ...(form.toDay && { to: dayStart(form.toDay, 1) }),
  };
}

export const sessionPath = (id: number, search?: URLSearchParams) =>
  `/admin/log/detail/${id}${search?.size ? `?${search.toString()}` : ''}`;
