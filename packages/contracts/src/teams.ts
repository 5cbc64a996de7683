import { z } from 'zod';
import { Color, Email, Id, Timestamp, UserData } from './common';
import { endpoint } from './endpoint';
import { Permission } from './permissions';
import { SLUG_MAX, slugProblem } from './slug';

export const Team = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  data: z.object({ color: Color }),
  preferred: z.boolean(),
  users: z.array(z.object({ id: Id, name: z.string(), data: UserData })),
});
export type Team = z.infer<typeof Team>;

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX)
  .superRefine((s, ctx) => {
    const problem = slugProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const RoleRef = z.object({ id: Id, name: z.string() });

export const TeamMember = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  data: UserData,
  role: RoleRef,
  joined_at: Timestamp,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const Role = z.object({
  id: Id,
  team_id: Id,
  name: z.string(),
  permissions: z.array(Permission),
  /** The role new invitation rows start with. */
  is_default: z.boolean(),
  members_count: z.number().int(),
});
export type Role = z.infer<typeof Role>;

export const SlugParams = z.strictObject({ teamSubdomain: z.string().max(SLUG_MAX) });
export const UserIdParams = z.strictObject({ userId: Id });

export const teams = {
  create: endpoint({
    method: 'POST',
    path: '/teams',
    scope: 'user',
    verified: true,
    summary: 'Create a team; the creator becomes its Owner',
    body: z.strictObject({
      title: z.string().trim().min(1).max(120),
      slug: Slug,
    }),
    response: Team,
    status: 201,
  }),
  checkSlug: endpoint({
    method: 'GET',
    path: '/teams/check-slug',
    scope: 'user',
    verified: true,
    summary: 'Whether a slug is valid and free',
    query: z.strictObject({ slug: z.string().max(200) }),
    response: z.object({ available: z.boolean(), message: z.string().nullable() }),
  }),
  getItem: endpoint({
    method: 'GET',
    path: '/teams/get-item',
    scope: 'user',
    summary: 'Id and title of one of the user’s teams, by slug',
    query: z.strictObject({ slug: z.string().max(SLUG_MAX) }),
    response: z.object({ id: Id, title: z.string() }),
  }),
  preferred: endpoint({
    method: 'POST',
    path: '/teams/preferred',
    scope: 'user',
    verified: true,
    summary: 'Mark one of the user’s teams as preferred',
    body: z.strictObject({ slug: z.string().max(SLUG_MAX) }),
    response: null,
    status: 204,
  }),
  get: endpoint({
    method: 'GET',
    path: '/teams/:teamSubdomain',
    scope: 'user',
    summary: 'One of the user’s teams, by slug (404 for a team the user is not in)',
    params: SlugParams,
    response: Team,
  }),
  members: endpoint({
    method: 'GET',
    path: '/team/users',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Members of the current team with their roles',
    response: z.array(TeamMember),
  }),
  changeMemberRole: endpoint({
    method: 'PUT',
    path: '/team/users/:userId',
    scope: 'team',
    permissions: ['r:team', 'r:roles'],
    summary: 'Give a member another role of this team',
    params: UserIdParams,
    body: z.strictObject({ role_id: Id }),
    response: TeamMember,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/team/users/:userId',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Remove a member from the team (not the last one holding r:roles)',
    params: UserIdParams,
    response: null,
    status: 204,
  }),
};

export const InviteRow = z.strictObject({ email: z.union([Email, z.literal('')]), role_id: Id });
export type InviteRow = z.infer<typeof InviteRow>;

export const TeamInvitation = z.object({
  id: Id,
  email: z.string(),
  role: RoleRef,
  status: z.enum(['pending', 'accept', 'decline']),
  invited_by: z.string().nullable(),
  created_at: Timestamp,
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const invitations = {
  roleList: endpoint({
    method: 'GET',
    path: '/invitations/role-list',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Roles an invitation may give, [{id, name}]',
    response: z.array(RoleRef),
  }),
  saveItem: endpoint({
    method: 'POST',
    path: '/invitations/save-item',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Invite people by e-mail; 422 "Duplicate email" for a member or a pending invitation',
    body: z.strictObject({ emails: z.array(InviteRow).min(1).max(100), team_id: Id }),
    response: z.array(TeamInvitation),
    status: 201,
  }),
  status: endpoint({
    method: 'POST',
    path: '/invitations/status',
    scope: 'user',
    summary: 'Accept or decline an invitation addressed to the current user',
    body: z.strictObject({ id: Id, status: z.enum(['accept', 'decline']) }),
    response: null,
    status: 204,
  }),
  teamList: endpoint({
    method: 'GET',
    path: '/team/invitations',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Invitations of the current team',
    response: z.array(TeamInvitation),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/team/invitations/:id',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Withdraw a pending invitation',
    params: z.strictObject({ id: Id }),
    response: null,
    status: 204,
  }),
};

export const RolePermissionsBody = z.strictObject({ permissions: z.array(Permission).max(64) });

export const roles = {
  teamRoles: endpoint({
    method: 'GET',
    path: '/team/roles',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Roles of the current team with their permissions',
    response: z.array(Role),
  }),
  updateTeamRole: endpoint({
    method: 'PUT',
    path: '/team/roles/:roleId',
    scope: 'team',
    permissions: ['r:roles'],
    summary: 'Set the permissions a role of this team holds (admin cannot be granted)',
    params: z.strictObject({ roleId: Id }),
    body: RolePermissionsBody,
    response: Role,
  }),
  getPermission: endpoint({
    method: 'GET',
    path: '/permissions/get-permission',
    scope: 'user',
    summary: 'The user’s permissions in the request’s team, with their version',
    response: z.object({ permission_version: z.number().int(), user_permision: z.array(Permission) }),
  }),
};

export const AdminUser = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  email_verified_at: Timestamp.nullable(),
  created_at: Timestamp,
  teams: z.array(z.object({ slug: z.string(), title: z.string(), role: z.string() })),
});
export const AdminTeam = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  members_count: z.number().int(),
  created_at: Timestamp,
});
export const AdminRole = Role.extend({ team: z.object({ slug: z.string(), title: z.string() }) });
export const AdminInvitation = TeamInvitation.extend({
  team: z.object({ slug: z.string(), title: z.string() }),
});
export const AdminQuery = z.strictObject({ search: z.string().max(200).optional() });

export const admin = {
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    scope: 'admin',
    summary: 'Every user',
    query: AdminQuery,
    response: z.array(AdminUser),
  }),
  teams: endpoint({
    method: 'GET',
    path: '/admin/teams',
    scope: 'admin',
    summary: 'Every team',
    query: AdminQuery,
    response: z.array(AdminTeam),
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/admin/invitations',
    scope: 'admin',
    summary: 'Every invitation',
    response: z.array(AdminInvitation),
  }),
  roles: endpoint({
    method: 'GET',
    path: '/admin/roles',
    scope: 'admin',
    summary: 'The roles of every team',
    response: z.array(AdminRole),
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/admin/roles/:roleId',
    scope: 'admin',
    summary: 'Set the permissions of any team’s role',
    params: z.strictObject({ roleId: Id }),
    body: RolePermissionsBody,
    response: AdminRole,
  }),
  userSwitch: endpoint({
    method: 'POST',
    path: '/admin/user-switch',
    scope: 'admin',
    summary: 'Act as another user; recorded in the audit log. Returns a token for that user',
    body: z.strictObject({ user_id: Id }),
    response: z.object({ token: z.string() }),
  }),
  userSwitchLeave: endpoint({
    method: 'POST',
    path: '/user-switch/leave',
    scope: 'user',
    summary: 'Stop acting as another user; returns the administrator’s own token',
    response: z.object({ token: z.string() }),
  }),
};

export const LogQuery = z.strictObject({
  app: z.string().max(40),
  type: z.enum(['route', 'click']),
  path: z.string().max(2048),
  data: z.string().max(4000).optional(),
});

export const logs = {
  create: endpoint({
    method: 'POST',
    path: '/log',
    scope: 'user',
    summary: 'Record a route change or click of the signed-in user',
    query: LogQuery,
    response: null,
    status: 204,
  }),
};

export { Email };
