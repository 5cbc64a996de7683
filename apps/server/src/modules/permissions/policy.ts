import { PERMISSIONS, ROLE_ASSIGNABLE_PERMISSIONS, type Permission } from '@voxa/contracts';

/** Permissions of a signed-in user without a team (base domain): the dashboard only. */
const WITHOUT_TEAM: Permission[] = ['r:dashboard'];

/**
 * What a user may do where they are. Administrators hold every permission; anyone else holds what
 * their team role grants, never `admin`, and nothing outside a team but the dashboard.
 */
export function effectivePermissions(input: {
  isAdmin: boolean;
  rolePermissions: readonly string[] | null;
}): Permission[] {
  if (input.isAdmin) return [...PERMISSIONS];
  if (input.rolePermissions === null) return [...WITHOUT_TEAM];
  const granted = new Set(input.rolePermissions);
  return ROLE_ASSIGNABLE_PERMISSIONS.filter((p) => granted.has(p));
}
