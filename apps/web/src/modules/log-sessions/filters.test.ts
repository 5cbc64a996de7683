import { describe, expect, it } from 'vitest';
import { apiFilter, formFromSearch, searchFromForm, sessionPath } from './filters';

describe('log filters', () => {
  it('reads the address, ignoring days that are not days', () => {
    expect(formFromSearch(new URLSearchParams('user=mia&from=2026-01-02&to=yesterday'))).toEqual({
      user: 'mia',
      path: '',
      fromDay: '2026-01-02',
      toDay: '',
    });
  });

  it('writes only the filled fields and a page past the first', () => {
    const form = { user: ' mia ', path: '', fromDay: '2026-01-02', toDay: '' };
    expect(searchFromForm(form).toString()).toBe('user=mia&from=2026-01-02');
    expect(searchFromForm(form, 3).toString()).toBe('user=mia&from=2026-01-02&page=3');
  });

  it('turns days into local midnights, the end day included', () => {
    const filter = apiFilter({ user: '', path: '/studies', fromDay: '2026-01-02', toDay: '2026-01-02' });
    expect(filter.path).toBe('/studies');
    expect(filter.user).toBeUndefined();
    expect(new Date(filter.from ?? '').getDate()).toBe(2);
    expect(new Date(filter.from ?? '').getHours()).toBe(0);
    expect(Date.parse(filter.to ?? '') - Date.parse(filter.from ?? '')).toBeGreaterThanOrEqual(
      23 * 3_600_000,
    );
    expect(apiFilter({ user: '', path: '', fromDay: '', toDay: '' })).toEqual({});
  });

  it('links a session keeping the filters', () => {
    expect(sessionPath(7)).toBe('/admin/log/detail/7');
    expect(sessionPath(7, new URLSearchParams('user=mia'))).toBe('/admin/log/detail/7?user=mia');
  });
});
