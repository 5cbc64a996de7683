import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type ApiTokenBody, type ApiUserBody } from '@voxa/contracts';
import { call } from '../../lib/api';

const KEY = ['api-users'] as const;

export function useApiUsers() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(api.apiUsers.list, { signal }) });
}

export function useApiUser(apiUserId: number | null) {
  return useQuery({
    queryKey: [...KEY, apiUserId],
    queryFn: ({ signal }) => call(api.apiUsers.detail, { params: { apiUserId: apiUserId ?? 0 }, signal }),
    enabled: apiUserId !== null,
  });
}

export function useApiUserRoles() {
  return useQuery({
    queryKey: [...KEY, 'roles'],
    queryFn: ({ signal }) => call(api.apiUsers.roles, { signal }),
  });
}

export function useApiUserChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: (body: ApiUserBody) => call(api.apiUsers.create, { body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (apiUserId: number) => call(api.apiUsers.remove, { params: { apiUserId } }),
      onSettled,
    }),
    createToken: useMutation({
      mutationFn: ({ apiUserId, body }: { apiUserId: number; body: ApiTokenBody }) =>
        call(api.apiUsers.createToken, { params: { apiUserId }, body }),
      onSettled,
    }),
    revokeToken: useMutation({
      mutationFn: (p: { apiUserId: number; tokenId: number }) =>
        call(api.apiUsers.revokeToken, { params: p }),
      onSettled,
    }),
  };
}
