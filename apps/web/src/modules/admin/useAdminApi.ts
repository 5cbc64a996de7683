import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Permission } from '@voxa/contracts';
import { call } from '../../lib/api';
import { setToken } from '../../lib/storage';

export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: ['admin', 'users', search],
    queryFn: ({ signal }) => call(api.admin.users, { query: { search: search || undefined }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useAdminTeams(search: string) {
  return useQuery({
    queryKey: ['admin', 'teams', search],
    queryFn: ({ signal }) => call(api.admin.teams, { query: { search: search || undefined }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useAdminInvitations() {
  return useQuery({ queryKey: ['admin', 'invitations'], queryFn: () => call(api.admin.invitations) });
}

export function useAdminRoles() {
  return useQuery({ queryKey: ['admin', 'roles'], queryFn: () => call(api.admin.roles) });
}

export function useUpdateAdminRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { roleId: number; permissions: Permission[] }) =>
      call(api.admin.updateRole, { params: { roleId: v.roleId }, body: { permissions: v.permissions } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'roles'] }),
  });
}

/** Act as another user: the new token replaces ours; /user-switch/leave gives ours back. */
export function useActAs() {
  return useMutation({
    mutationFn: (userId: number) => call(api.admin.userSwitch, { body: { user_id: userId } }),
    onSuccess: ({ token }) => {
      setToken(token);
      location.assign('/dashboard');
    },
  });
}
