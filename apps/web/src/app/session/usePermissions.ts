import { useQuery } from '@tanstack/react-query';
import { api, type Permission } from '@voxa/contracts';
import { useCallback } from 'react';
import { call } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { readPermissionCache, writePermissionCache, type CachedPermissions } from '../../lib/storage';
import { can } from './can';
import { useToken } from './useToken';
import { useUser } from './useUser';

export const PERMISSIONS_KEY = ['permissions'] as const;

async function fetchPermissions(signal: AbortSignal): Promise<CachedPermissions> {
  const answer = await call(api.roles.getPermission, { signal });
  const cache = { version: answer.permission_version, permissions: answer.user_permision };
  writePermissionCache(cache);
  return cache;
}

/**
 * The user's permissions in this page's team. The browser-storage copy (user_permissions,
 * permission-version) shows at once and is refreshed from the server; socket events refetch it.
 */
export function usePermissions() {
  const token = useToken();
  return useQuery<CachedPermissions>({
    queryKey: [...PERMISSIONS_KEY, token, currentTeamSlug()],
    queryFn: ({ signal }) => fetchPermissions(signal),
    enabled: Boolean(token),
    initialData: () => readPermissionCache() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** `has('r:team')` for the signed-in user; false while user or permissions load. */
export function useCan(): (permission: Permission) => boolean {
  const { data: user } = useUser();
  const { data } = usePermissions();
  return useCallback((permission: Permission) => can(user, data?.permissions, permission), [user, data]);
}
