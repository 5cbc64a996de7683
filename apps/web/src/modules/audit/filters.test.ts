import { describe, expect, it } from 'vitest';
import { auditApiFilter, auditFormFromSearch, auditSearchFromForm } from './filters';

const empty = { team: '', user: '', study: '', action: '', fromDay: '', toDay: '' };

describe('audit filters', () => {
  it('reads the address, ignoring ids and days that are not', () => {
    expect(
      auditFormFromSearch(
        new URLSearchParams('team=3&study=x1&user=mia&action=viewed&from=2026-01-02&to=now'),
      ),
    ).toEqual({
      ...empty,
      team: '3',
      user: 'mia',
      action: 'viewed',
      fromDay: '2026-01-02',
    });
  });

  it('writes only the filled fields and a page past the first', () => {
    const form = { ...empty, user: ' mia ', study: '12' };
    expect(auditSearchFromForm(form).toString()).toBe('user=mia&study=12');
    expect(auditSearchFromForm(form, 2).toString()).toBe('user=mia&study=12&page=2');
  });

  it('sends the team only for an administrator, and days as local midnights', () => {
    const form = { ...empty, team: '3', study: '12', fromDay: '2026-01-02', toDay: '2026-01-02' };
    expect(auditApiFilter(form, true)).toMatchObject({ team_id: 3, study_id: 12 });
    const own = auditApiFilter(form, false);
    expect(own.team_id).toBeUndefined();
    expect(new Date(own.from ?? '').getHours()).toBe(0);
    expect(Date.parse(own.to ?? '') - Date.parse(own.from ?? '')).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(auditApiFilter(empty, true)).toEqual({});
  });
});
