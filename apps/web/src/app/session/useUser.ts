import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type User } from '@voxa/contracts';
import { useCallback } from 'react';
import { call } from '../../lib/api';
import { useToken } from './useToken';

export const USER_KEY = ['user'] as const;

/**
 * The signed-in user (GET /user); disabled without a token. A rejected token is cleared and the page
 * stays: its guards send app pages to /login, while public pages simply show a signed-out visitor.
 */
export function useUser() {
  const token = useToken();
  return useQuery<User>({
    queryKey: [...USER_KEY, token],
    queryFn: ({ signal }) => call(api.accounts.user, { signal, keepPageOn401: true }),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

export function useRefetchUser(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: USER_KEY }), [client]);
}
