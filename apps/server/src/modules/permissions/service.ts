import type { Deps } from '../../deps';

/**
 * Marks a change of the given users' effective permissions: their `permission_version` goes up by one
 * and each is told through `permission:updated`, so open tabs refetch. Services call it explicitly
 * after every change to roles, memberships or the administrator flag.
 */
export async function bumpPermissionVersion(
  deps: Pick<Deps, 'db' | 'realtime'>,
  userIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const rows = await deps.db
    .updateTable('users')
    .set((eb) => ({ permission_version: eb('permission_version', '+', 1) }))
    .where('id', 'in', ids)
    .returning(['id', 'permission_version'])
    .execute();
  for (const row of rows) {
    deps.realtime.toUser(row.id, 'permission:updated', { permission_version: row.permission_version });
  }
}
