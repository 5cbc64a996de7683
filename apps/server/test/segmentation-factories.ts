import { SEGMENT_PALETTE } from '@voxa/contracts';
import type { TestTeam, TestUser } from './factories';
import type { TestApp } from './test-app';

let sequence = 0;

/** A structure made directly in the database: the team's own, or global when no team is given. */
export async function buildStructure(
  t: TestApp,
  opts: { team?: Pick<TestTeam, 'id'>; slug?: string; title?: string; categoryId?: number | null } = {},
) {
  const n = sequence++;
  return t.db
    .insertInto('structures')
    .values({
      team_id: opts.team?.id ?? null,
      slug: opts.slug ?? `structure-${Date.now().toString(36)}-${n}`,
      title: opts.title ?? `Structure ${n}`,
      category_id: opts.categoryId ?? null,
    })
    .returning(['id', 'slug', 'title'])
    .executeTakeFirstOrThrow();
}

/**
 * A segmentation of a series of `team` made directly in the database (a structure of the team is made
 * when none is given); its creator is `user` when given.
 */
export async function buildSegmentation(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  series: { id: number },
  opts: { structure?: { id: number }; user?: Pick<TestUser, 'id'>; rbac?: boolean } = {},
) {
  const structure = opts.structure ?? (await buildStructure(t, { team }));
  const { study_id } = await t.db
    .selectFrom('series')
    .select('study_id')
    .where('id', '=', series.id)
    .executeTakeFirstOrThrow();
  return t.db
    .insertInto('segmentations')
    .values({
      team_id: team.id,
      study_id,
      series_id: series.id,
      structure_id: structure.id,
      user_id: opts.user?.id ?? null,
      rbac_enabled: opts.rbac ?? false,
    })
    .returning(['id', 'series_id', 'study_id'])
    .executeTakeFirstOrThrow();
}

/**
 * Segments 1..n of a segmentation (value = sort, 'Part N', palette colours), in one insert; those named in
 * `deleted` are soft-deleted.
 */
export async function buildSegments(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  segmentation: { id: number },
  count: number,
  opts: { deleted?: number[] } = {},
) {
  if (count === 0) return [];
  return t.db
    .insertInto('segments')
    .values(
      Array.from({ length: count }, (_, i) => ({
        segmentation_id: segmentation.id,
        team_id: team.id,
        sort: i + 1,
        value: i + 1,
        title: `Part ${i + 1}`,
        color: SEGMENT_PALETTE[i % SEGMENT_PALETTE.length] ?? SEGMENT_PALETTE[0],
        deleted_at: opts.deleted?.includes(i + 1) ? new Date() : null,
      })),
    )
    .returning(['id', 'sort', 'value'])
    .execute();
}

/** Puts a user in a role's box of a segmentation, directly in the database. */
export async function assignUser(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  segmentation: { id: number },
  user: Pick<TestUser, 'id'>,
  roleId: number,
) {
  await t.db
    .insertInto('segmentation_users')
    .values({ segmentation_id: segmentation.id, team_id: team.id, user_id: user.id, role_id: roleId })
    .execute();
}
