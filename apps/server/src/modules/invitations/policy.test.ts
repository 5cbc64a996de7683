import { MESSAGES } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import type { HttpError } from '../../http/errors';
import { assertInvitable, duplicateRows, filledRows } from './policy';

const problem = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected a refusal');
};

describe('invitation rows', () => {
  it('ignores empty rows, keeps positions and lower-cases e-mails', () => {
    const rows = filledRows([
      { email: '', role_id: 2 },
      { email: 'Ann@Example.org', role_id: 1 },
    ]);
    expect(rows).toEqual([{ index: 1, email: 'ann@example.org', role_id: 1 }]);
  });

  it('requires at least one member', () => {
    const e = problem(() => filledRows([{ email: '', role_id: 2 }]));
    expect(e.status).toBe(422);
    expect(e.message).toBe(MESSAGES.atLeastOneMember);
  });

  it('finds taken and repeated e-mails', () => {
    const rows = filledRows([
      { email: 'a@x.org', role_id: 1 },
      { email: 'b@x.org', role_id: 1 },
      { email: 'A@x.org', role_id: 1 },
      { email: 'c@x.org', role_id: 1 },
    ]);
    expect(duplicateRows(rows, new Set(['c@x.org'])).map((r) => r.index)).toEqual([2, 3]);
  });

  it('refuses foreign roles, then duplicates with the spec message and the rows named', () => {
    const rows = filledRows([
      { email: 'a@x.org', role_id: 1 },
      { email: 'a@x.org', role_id: 1 },
    ]);
    const role = problem(() => assertInvitable(rows, new Set([2]), new Set()));
    expect(Object.keys(role.errors ?? {})).toEqual(['emails.0.role_id', 'emails.1.role_id']);
    const dup = problem(() => assertInvitable(rows, new Set([1]), new Set()));
    expect(dup.message).toBe(MESSAGES.duplicateEmail);
    expect(dup.errors).toEqual({ 'emails.1.email': [MESSAGES.duplicateEmail] });
  });
});
