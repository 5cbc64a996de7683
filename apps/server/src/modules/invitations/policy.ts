import { MESSAGES } from '@voxa/contracts';
import { unprocessable } from '../../http/errors';

export const INVALID_ROLE = 'The selected role is invalid.';

/** An invitation row of the request that carries an e-mail, with its position in the request. */
export interface IndexedRow {
  index: number;
  email: string;
  role_id: number;
}

/** Rows with an e-mail (empty rows are ignored on save); 422 when none is left. */
export function filledRows(rows: readonly { email: string; role_id: number }[]): IndexedRow[] {
  const filled = rows
    .map((r, index) => ({ index, email: r.email.trim().toLowerCase(), role_id: r.role_id }))
    .filter((r) => r.email !== '');
  if (filled.length === 0)
    throw unprocessable(MESSAGES.atLeastOneMember, { emails: [MESSAGES.atLeastOneMember] });
  return filled;
}

/** Rows whose e-mail is already taken (a member or a pending invitation) or repeats an earlier row. */
export function duplicateRows(rows: readonly IndexedRow[], taken: ReadonlySet<string>): IndexedRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const duplicate = taken.has(r.email) || seen.has(r.email);
    seen.add(r.email);
    return duplicate;
  });
}

/** Per-row field errors, as `emails.{index}.{field}`. */
export function rowErrors(rows: readonly IndexedRow[], field: 'email' | 'role_id', message: string) {
  return Object.fromEntries(rows.map((r) => [`emails.${r.index}.${field}`, [message]]));
}

/**
 * Refuses rows naming a role outside the team (422) and duplicates (422 'Duplicate email', the
 * spec's message, with the rows named).
 */
export function assertInvitable(
  rows: readonly IndexedRow[],
  teamRoleIds: ReadonlySet<number>,
  taken: ReadonlySet<string>,
): void {
  const foreignRole = rows.filter((r) => !teamRoleIds.has(r.role_id));
  if (foreignRole.length) throw unprocessable(INVALID_ROLE, rowErrors(foreignRole, 'role_id', INVALID_ROLE));
  const duplicates = duplicateRows(rows, taken);
  if (duplicates.length)
    throw unprocessable(MESSAGES.duplicateEmail, rowErrors(duplicates, 'email', MESSAGES.duplicateEmail));
}
