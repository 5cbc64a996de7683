import { INVITATION_FORM, MESSAGES } from '@voxa/contracts';

export interface InvitationRow {
  /** Stable React key. */
  key: number;
  email: string;
  roleId: number | null;
}

let nextKey = 1;
const blank = (roleId: number | null): InvitationRow => ({ key: nextKey++, email: '', roleId });

/** The role new rows start with: the first role named Member, else the first role offered. */
export function defaultRoleId(roles: readonly { id: number; name: string }[]): number | null {
  return (roles.find((r) => r.name.toLowerCase() === 'member') ?? roles[0])?.id ?? null;
}

export function initialRows(roleId: number | null): InvitationRow[] {
  return Array.from({ length: INVITATION_FORM.initialRows }, () => blank(roleId));
}

/** Applies an edit; typing into the last row adds a new blank row below it. */
export function updateRow(
  rows: readonly InvitationRow[],
  index: number,
  patch: Partial<Omit<InvitationRow, 'key'>>,
  roleId: number | null,
): InvitationRow[] {
  const next = rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
  const last = next[next.length - 1];
  if (index === next.length - 1 && last && last.email.trim() !== '') next.push(blank(roleId));
  return next;
}

/** Removes a row, but never below the minimum shown. */
export function removeRow(rows: readonly InvitationRow[], index: number): InvitationRow[] {
  if (rows.length <= INVITATION_FORM.minRows) return [...rows];
  return rows.filter((_, i) => i !== index);
}

export type InvitationPayload =
  { ok: true; emails: { email: string; role_id: number }[] } | { ok: false; error: string };

/** Rows with an e-mail become the request; empty rows are ignored; none at all is an error. */
export function rowsToPayload(rows: readonly InvitationRow[]): InvitationPayload {
  const filled = rows.filter((r) => r.email.trim() !== '');
  if (filled.length === 0) return { ok: false, error: MESSAGES.atLeastOneMember };
  if (filled.some((r) => r.roleId === null)) return { ok: false, error: 'Choose a role for every member.' };
  return { ok: true, emails: filled.map((r) => ({ email: r.email.trim(), role_id: r.roleId as number })) };
}
