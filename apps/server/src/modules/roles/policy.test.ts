import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import {
  assertKeepsRoleEditor,
  assignablePermissions,
  keepsRoleEditor,
  withMemberRole,
  withoutMember,
  withRolePermissions,
  type MemberGrant,
} from './policy';

const team: MemberGrant[] = [
  { userId: 1, roleId: 10, permissions: ['r:team', 'r:roles'] },
  { userId: 2, roleId: 20, permissions: ['r:studies'] },
];

describe('role policy', () => {
  it('refuses admin with a 422 naming permissions', () => {
    try {
      assignablePermissions(['r:studies', 'admin']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(422);
      expect(Object.keys((e as HttpError).errors ?? {})).toEqual(['permissions']);
    }
    expect(assignablePermissions(['r:roles', 'r:team', 'r:team'])).toEqual(['r:team', 'r:roles']);
  });

  it('keeps a team with a role editor; refuses changes that leave none', () => {
    expect(keepsRoleEditor(team, withRolePermissions(team, 10, ['r:team']))).toBe(false);
    expect(keepsRoleEditor(team, withRolePermissions(team, 20, []))).toBe(true);
    expect(keepsRoleEditor(team, withMemberRole(team, 1, { id: 20, permissions: ['r:studies'] }))).toBe(
      false,
    );
    expect(keepsRoleEditor(team, withMemberRole(team, 2, { id: 10, permissions: ['r:roles'] }))).toBe(true);
    expect(keepsRoleEditor(team, withoutMember(team, 1))).toBe(false);
    expect(keepsRoleEditor(team, withoutMember(team, 2))).toBe(true);
  });

  it('does not block unrelated changes in a team that already has no role editor', () => {
    const none = withRolePermissions(team, 10, ['r:team']);
    expect(keepsRoleEditor(none, withoutMember(none, 2))).toBe(true);
    expect(() => assertKeepsRoleEditor(team, withoutMember(team, 1), 'user_id')).toThrow(HttpError);
  });
});
