import type { TeamInvitation } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';

/** Invitations as the team and admin lists show them, newest first; of one team or all, or by id. */
export async function listInvitations(db: Db, filter: { teamId?: number; ids?: number[] } = {}) {
  if (filter.ids?.length === 0) return [];
  let query = db
    .selectFrom('invitations')
    .innerJoin('roles', 'roles.id', 'invitations.role_id')
    .innerJoin('teams', 'teams.id', 'invitations.team_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.status',
      'invitations.created_at',
      'roles.id as role_id',
      'roles.name as role_name',
      'inviter.name as inviter_name',
      'teams.slug as team_slug',
      'teams.title as team_title',
    ]);
  if (filter.teamId !== undefined) query = query.where('invitations.team_id', '=', filter.teamId);
  if (filter.ids) query = query.where('invitations.id', 'in', filter.ids);
  const rows = await query
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...presentInvitation(r),
    team: { slug: r.team_slug, title: r.team_title },
  }));
}

function presentInvitation(r: {
  id: number;
  email: string;
  status: TeamInvitation['status'];
  created_at: Date;
  role_id: number;
  role_name: string;
  inviter_name: string | null;
}): TeamInvitation {
  return {
    id: r.id,
    email: r.email,
    role: { id: r.role_id, name: r.role_name },
    status: r.status,
    invited_by: r.inviter_name,
    created_at: iso(r.created_at),
  };
}
