import { PERMISSIONS, type Permission } from '@voxa/contracts';

/** A role's permission list with one permission switched on or off, in the spec's order. */
export function togglePermission(
  held: readonly Permission[],
  permission: Permission,
  on: boolean,
): Permission[] {
  const set = new Set(held);
  if (on) set.add(permission);
  else set.delete(permission);
  return PERMISSIONS.filter((p) => set.has(p));
}
