import type { Permission } from '@voxa/contracts';

/** The UI only hides what the server would refuse; administrators hold every permission. */
export function can(
  user: { is_admin: boolean } | null | undefined,
  permissions: readonly string[] | undefined,
  permission: Permission,
): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  if (permission === 'admin') return false;
  return permissions?.includes(permission) ?? false;
}
