import { slugProblem, type Team } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';
import { pickColor } from '../common/colors';
import { bumpPermissionVersion } from '../permissions/service';
import { OWNER_ROLE, seededRoles } from '../roles/defaults';
import { presentTeamsOf } from './present';

export const SLUG_TAKEN = 'This address is already taken.';

const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (
    (await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined
  );
}

/** Whether a slug could name a new team, with the reason when it cannot. */
export async function checkSlug(
  db: Db,
  raw: string,
): Promise<{ available: boolean; message: string | null }> {
  const slug = raw.trim().toLowerCase();
  const problem = slugProblem(slug) ?? ((await slugTaken(db, slug)) ? SLUG_TAKEN : null);
  return { available: problem === null, message: problem };
}

/**
 * Creates a team with its seeded roles; the creator joins as Owner and, if they had no preferred
 * team yet, this one becomes it.
 */
export async function createTeam(
  deps: Pick<Deps, 'db' | 'realtime'>,
  creator: UserRow,
  input: { title: string; slug: string },
): Promise<Team> {
  const taken = unprocessable(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
  if (await slugTaken(deps.db, input.slug)) throw taken;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const team = await trx
        .insertInto('teams')
        .values({
          slug: input.slug,
          title: input.title,
          data: JSON.stringify({ color: pickColor() }),
          created_by: creator.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roles = await trx
        .insertInto('roles')
        .values(seededRoles().map((r) => ({ ...r, team_id: team.id })))
        .returning(['id', 'name'])
        .execute();
      const owner = roles.find((r) => r.name === OWNER_ROLE);
      if (!owner) throw new Error('seeded roles lack the Owner role');
      await trx
        .insertInto('team_users')
        .values({ team_id: team.id, user_id: creator.id, role_id: owner.id })
        .execute();
      await trx
        .updateTable('users')
        .set({ preferred_team_id: team.id })
        .where('id', '=', creator.id)
        .where('preferred_team_id', 'is', null)
        .execute();
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw taken;
    throw e;
  }
  await bumpPermissionVersion(deps, [creator.id]);
  return presentTeam(deps.db, creator.id, input.slug);
}

/** One of the user's teams as the Team answer; 404 when the user is not in it. */
export async function presentTeam(db: Db, userId: number, slug: string): Promise<Team> {
  const user = await db
    .selectFrom('users')
    .select('preferred_team_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  const [team] = await presentTeamsOf(db, userId, user?.preferred_team_id ?? null, slug);
  if (!team) throw notFound('Team not found.');
  return team;
}

/** Id and title of one of the user's teams; 404 for any other slug. */
export async function teamOfUser(db: Db, userId: number, slug: string) {
  const team = await db
    .selectFrom('teams')
    .innerJoin('team_users', 'team_users.team_id', 'teams.id')
    .select(['teams.id', 'teams.title'])
    .where('teams.slug', '=', slug.trim().toLowerCase())
    .where('team_users.user_id', '=', userId)
    .executeTakeFirst();
  if (!team) throw notFound('Team not found.');
  return team;
}

export async function setPreferred(db: Db, userId: number, slug: string): Promise<void> {
  const team = await teamOfUser(db, userId, slug);
  await db.updateTable('users').set({ preferred_team_id: team.id }).where('id', '=', userId).execute();
}
