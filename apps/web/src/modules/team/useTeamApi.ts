import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Permission } from '@voxa/contracts';
import { call } from '../../lib/api';

const KEYS = {
  members: ['team', 'members'],
  invitations: ['team', 'invitations'],
  roles: ['team', 'roles'],
  roleList: ['team', 'role-list'],
} as const;

export function useTeamMembers() {
  return useQuery({ queryKey: KEYS.members, queryFn: () => call(api.teams.members) });
}

export function useTeamInvitations() {
  return useQuery({ queryKey: KEYS.invitations, queryFn: () => call(api.invitations.teamList) });
}

export function useTeamRoles() {
  return useQuery({ queryKey: KEYS.roles, queryFn: () => call(api.roles.teamRoles) });
}

export function useRoleList() {
  return useQuery({ queryKey: KEYS.roleList, queryFn: () => call(api.invitations.roleList) });
}

export function useChangeMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: number; roleId: number }) =>
      call(api.teams.changeMemberRole, { params: { userId: v.userId }, body: { role_id: v.roleId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['team'] }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(api.teams.removeMember, { params: { userId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['team'] }),
  });
}

export function useSaveInvitations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { emails: { email: string; role_id: number }[]; team_id: number }) =>
      call(api.invitations.saveItem, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.invitations }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.invitations.revoke, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: KEYS.invitations }),
  });
}

export function useUpdateTeamRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { roleId: number; permissions: Permission[] }) =>
      call(api.roles.updateTeamRole, { params: { roleId: v.roleId }, body: { permissions: v.permissions } }),
    onSettled: () => client.invalidateQueries({ queryKey: KEYS.roles }),
  });
}
