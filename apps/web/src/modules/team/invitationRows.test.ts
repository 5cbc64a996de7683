import { MESSAGES } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { defaultRoleId, initialRows, removeRow, rowsToPayload, updateRow } from './invitationRows';

describe('defaultRoleId', () => {
  it('prefers the role named Member, else the first', () => {
    expect(
      defaultRoleId([
        { id: 1, name: 'Owner' },
        { id: 2, name: 'Member' },
      ]),
    ).toBe(2);
    expect(
      defaultRoleId([
        { id: 5, name: 'Owner' },
        { id: 6, name: 'Reviewer' },
      ]),
    ).toBe(5);
    expect(defaultRoleId([])).toBeNull();
  });
});

describe('invitation rows', () => {
  it('starts with three rows with the default role', () => {
    const rows = initialRows(2);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.email === '' && r.roleId === 2)).toBe(true);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });
  it('adds a blank row when typing in the last row only', () => {
    let rows = initialRows(2);
    rows = updateRow(rows, 0, { email: 'a@x.org' }, 2);
    expect(rows).toHaveLength(3);
    rows = updateRow(rows, 2, { email: 'c' }, 2);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ email: '', roleId: 2 });
    rows = updateRow(rows, 2, { email: 'cc' }, 2);
    expect(rows).toHaveLength(4);
  });
  it('does not add a row for a role change or whitespace', () => {
    const rows = initialRows(2);
    expect(updateRow(rows, 2, { roleId: 1 }, 2)).toHaveLength(3);
    expect(updateRow(rows, 2, { email: '  ' }, 2)).toHaveLength(3);
  });
  it('keeps at least two rows', () => {
    let rows = initialRows(1);
    rows = removeRow(rows, 0);
    expect(rows).toHaveLength(2);
    expect(removeRow(rows, 0)).toHaveLength(2);
  });
});

describe('rowsToPayload', () => {
  it('ignores empty rows', () => {
    let rows = initialRows(2);
    rows = updateRow(rows, 1, { email: ' b@x.org ', roleId: 3 }, 2);
    expect(rowsToPayload(rows)).toEqual({ ok: true, emails: [{ email: 'b@x.org', role_id: 3 }] });
  });
  it('requires at least one member', () => {
    expect(rowsToPayload(initialRows(2))).toEqual({ ok: false, error: MESSAGES.atLeastOneMember });
  });
});
