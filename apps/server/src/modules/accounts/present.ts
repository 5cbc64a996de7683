import type { User } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { presentTeamsOf } from '../teams/present';

/** The current user as GET /user answers it: teams, pending invitations, impersonation. */
export async function presentUser(db: Db, user: UserRow, impersonatorId: number | null): Promise<User> {
  const [teams, invitations, impersonator] = await Promise.all([
    presentTeamsOf(db, user.id, user.preferred_team_id),
    db
      .selectFrom('invitations')
      .innerJoin('teams', 'teams.id', 'invitations.team_id')
      .innerJoin('roles', 'roles.id', 'invitations.role_id')
      .select([
        'invitations.id',
        'invitations.status',
        'invitations.created_at',
        'teams.title',
        'teams.slug',
        'roles.id as role_id',
        'roles.name as role_name',
      ])
      .where((eb) => eb(eb.fn('lower', ['invitations.email']), '=', user.email.toLowerCase()))
      .where('invitations.status', '=', 'pending')
      .orderBy('invitations.created_at', 'desc')
      .execute(),
    impersonatorId
      ? db
          .selectFrom('users')
          .select(['id', 'name', 'email'])
          .where('id', '=', impersonatorId)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    data: { color: user.data.color },
    email_verified_at: isoOrNull(user.email_verified_at),
    is_admin: user.is_admin,
    teams,
    invitations: invitations.map((i) => ({
      id: i.id,
      status: i.status,
      created_at: iso(i.created_at),
      team: { title: i.title, slug: i.slug },
      role: { id: i.role_id, name: i.role_name },
    })),
    impersonator: impersonator ?? null,
  };
}
