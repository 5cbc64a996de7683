import { useQuery, type QueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Permission } from '@voxa/contracts';
import { useCallback } from 'react';
import { call } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import {
  getToken,
  readPermissionCache,
  writePermissionCache,
  type CachedPermissions,
} from '../../lib/storage';
import { can } from './can';
import { useToken } from './useToken';
import { useUser } from './useUser';

export const PERMISSIONS_KEY = ['permissions'] as const;
const permissionsKey = (token: string | null) => [...PERMISSIONS_KEY, token, currentTeamSlug()];

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
    queryKey: permissionsKey(token),
    queryFn: ({ signal }) => fetchPermissions(signal),
    enabled: Boolean(token),
    initialData: () => readPermissionCache() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/**
 * Stores permissions that another answer brought (GET /notification with a stale permission_version), in
 * browser storage and in the query above, so both stay one copy.
 */
export function rememberPermissions(client: QueryClient, cache: CachedPermissions): void {
  writePermissionCache(cache);
  client.setQueryData<CachedPermissions>(permissionsKey(getToken()), cache);
}

/** `has('r:team')` for the signed-in user; false while user or permissions load. */
export function useCan(): (permission: Permission) => boolean {
  const { data: user } = useUser();
  const { data } = usePermissions();
  return useCallback((permission: Permission) => can(user, data?.permissions, permission), [user, data]);
}
