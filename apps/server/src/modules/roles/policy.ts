import type { Permission } from '@voxa/contracts';
import { unprocessable } from '../../http/errors';
import { inCanonicalOrder } from './defaults';

export const ADMIN_NOT_ASSIGNABLE = 'The admin permission comes only from the administrator flag.';
export const LAST_ROLE_EDITOR = 'The team must keep at least one member who may edit roles (r:roles).';

/** A member of a team with the permissions their role grants. */
export interface MemberGrant {
  userId: number;
  roleId: number;
  permissions: readonly string[];
}

/** The permission set to store for a role: `admin` refused (422 on `permissions`), duplicates dropped. */
export function assignablePermissions(requested: readonly Permission[]): Permission[] {
  if (requested.includes('admin'))
    throw unprocessable(ADMIN_NOT_ASSIGNABLE, { permissions: [ADMIN_NOT_ASSIGNABLE] });
  return inCanonicalOrder(requested);
}

const editors = (members: readonly MemberGrant[]) =>
  members.filter((m) => m.permissions.includes('r:roles')).length;

/** A change keeps the team manageable when someone may still edit roles afterwards (or nobody could before). */
export function keepsRoleEditor(before: readonly MemberGrant[], after: readonly MemberGrant[]): boolean {
  return editors(after) > 0 || editors(before) === 0;
}

/** The members after a role's permissions are replaced. */
export function withRolePermissions(
  members: readonly MemberGrant[],
  roleId: number,
  permissions: readonly string[],
): MemberGrant[] {
  return members.map((m) => (m.roleId === roleId ? { ...m, permissions } : m));
}

/** The members after one of them moves to another role. */
export function withMemberRole(
  members: readonly MemberGrant[],
  userId: number,
  role: { id: number; permissions: readonly string[] },
): MemberGrant[] {
  return members.map((m) =>
    m.userId === userId ? { ...m, roleId: role.id, permissions: role.permissions } : m,
  );
}

/** The members after one of them leaves. */
export function withoutMember(members: readonly MemberGrant[], userId: number): MemberGrant[] {
  return members.filter((m) => m.userId !== userId);
}

/** Refuses (422, naming `field`) a change that would leave the team without anyone holding r:roles. */
export function assertKeepsRoleEditor(
  before: readonly MemberGrant[],
  after: readonly MemberGrant[],
  field: string,
): void {
  if (!keepsRoleEditor(before, after)) throw unprocessable(LAST_ROLE_EDITOR, { [field]: [LAST_ROLE_EDITOR] });
}
