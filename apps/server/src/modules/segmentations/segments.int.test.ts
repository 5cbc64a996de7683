import { SEGMENT_PALETTE, SEGMENT_VALUE_MAX } from '@voxa/contracts';
import { colourDistance, SAME_COLOUR_DISTANCE } from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { assignUser, buildSegmentation, buildSegments } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';

/**
 * Segments through the API (teams-and-account.md 3, 4, 5, 7.5): the rules a new segment follows, rename,
 * recolour, soft delete, and who may do each on a shared segmentation (docs/decisions/0030).
 */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let annotator: TestUser;
let member: TestUser;
let viewer: TestUser;
/** Holds r:studies:detail only: reads segmentations, changes none. */
let reader: TestUser;
/** Holds r:reviews only. */
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  annotator = await buildMember(t, team, 'Annotator');
  member = await buildMember(t, team, 'Member');
  viewer = await buildMember(t, team, 'Viewer');
  await buildRole(t, team, 'Reader', ['r:studies:detail']);
  reader = await buildMember(t, team, 'Reader');
  await buildRole(t, team, 'Reviewer', ['r:reviews']);
  reviewer = await buildMember(t, team, 'Reviewer');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

async function segmentationOf(owner: TestTeam, opts: Parameters<typeof buildSegmentation>[3] = {}) {
  const study = await buildStudy(t, owner);
  const series = await buildSeries(t, owner, study);
  const segmentation = await buildSegmentation(t, owner, series, opts);
  return { series, segmentation, at: `${series.uuid}/${segmentation.id}` };
}

const create = (user: TestUser, at: string, body?: unknown) =>
  as(user, 'POST', `/annotator/segment/create/${at}`, body === undefined ? {} : { body });
const rename = (user: TestUser, at: string, id: number, name: string) =>
  as(user, 'PUT', `/annotator/segment/rename/${at}/${id}`, { body: { name } });
const recolor = (user: TestUser, at: string, id: number, color: string) =>
  as(user, 'PUT', `/annotator/segment/change-color/${at}/${id}`, { body: { color } });
const remove = (user: TestUser, at: string, id: number) =>
  as(user, 'PUT', `/annotator/segment/delete/${at}/${id}`);

describe('POST /annotator/segment/create', () => {
  it("names a new segment 'Part N' (highest sort + 1), value = sort, colour from the palette", async () => {
    const { segmentation, at } = await segmentationOf(team);
    const first = await create(owner, at);
    expect(first).toMatchObject({
      status: 201,
      body: {
        sort: 1,
        value: 1,
        title: 'Part 1',
        color: SEGMENT_PALETTE[0],
        segmentation_id: segmentation.id,
        visible: true,
        revision: 0,
        obj_revision: 0,
        obj_valid: false,
        obj_in_progress: false,
        deleted_at: null,
      },
    });
    const second = await create(owner, at, null);
    expect(second.body).toMatchObject({ sort: 2, value: 2, title: 'Part 2', color: SEGMENT_PALETTE[1] });
    // A deleted segment still counts: its value is never given again.
    expect((await remove(owner, at, second.body.id)).status).toBe(200);
    const third = await create(owner, at, {});
    expect(third.body).toMatchObject({ sort: 3, value: 3, title: 'Part 3', color: SEGMENT_PALETTE[2] });
  });

  it('takes the title and colour given instead of the defaults', async () => {
    const { at } = await segmentationOf(team);
    const res = await create(owner, at, { title: '  Left kidney ', color: '#ABCDEF' });
    expect(res.body).toMatchObject({ sort: 1, value: 1, title: 'Left kidney', color: '#abcdef' });
    expect((await create(owner, at, { title: '' })).status).toBe(422);
    expect((await create(owner, at, { color: 'red' })).status).toBe(422);
  });

  it('gives the 14th segment a colour apart from the live ones, the palette of 13 being used (decision 0098)', async () => {
    const { segmentation, at } = await segmentationOf(team);
    await buildSegments(t, team, segmentation, 13, { deleted: [4] });
    const res = await create(owner, at);
    expect(res.body).toMatchObject({ sort: 14, value: 14, title: 'Part 14' });
    const live = SEGMENT_PALETTE.filter((_, i) => i !== 3);
    const nearest = Math.min(...live.map((c) => colourDistance(res.body.color, c)));
    expect(nearest).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
  });

  it('refuses a value past the largest a mask holds (422)', async () => {
    const { segmentation, at } = await segmentationOf(team);
    await t.db
      .insertInto('segments')
      .values({
        segmentation_id: segmentation.id,
        team_id: team.id,
        sort: SEGMENT_VALUE_MAX,
        value: SEGMENT_VALUE_MAX,
        title: 'Last',
        color: '#000000',
      })
      .execute();
    expect((await create(owner, at)).status).toBe(422);
  });

  it('gives segments created at the same moment different values', async () => {
    const { at } = await segmentationOf(team);
    const all = await Promise.all(Array.from({ length: 8 }, () => create(owner, at)));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(all.map((r) => r.body.value).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('rename, recolour and soft delete', () => {
  it('renames and recolours a live segment', async () => {
    const { segmentation, at } = await segmentationOf(team);
    const [segment] = await buildSegments(t, team, segmentation, 1);
    const id = segment?.id ?? 0;
    const renamed = await rename(owner, at, id, 'Tumour');
    expect(renamed).toMatchObject({ status: 200, body: { id, title: 'Tumour', value: 1 } });
    const recolored = await recolor(owner, at, id, '#00FF00');
    expect(recolored).toMatchObject({ status: 200, body: { id, title: 'Tumour', color: '#00ff00' } });
    expect((await rename(owner, at, id, '   ')).status).toBe(422);
    expect((await rename(owner, at, id, 'x'.repeat(129))).status).toBe(422);
    expect((await recolor(owner, at, id, '#12345')).status).toBe(422);
  });

  it('soft-deletes: the row stays with deleted_at, leaves the segments shown, and answers 404 afterwards', async () => {
    const { series, segmentation, at } = await segmentationOf(team);
    const [gone, kept] = await buildSegments(t, team, segmentation, 2);
    const id = gone?.id ?? 0;
    const res = await remove(owner, at, id);
    expect(res).toMatchObject({
      status: 200,
      body: { id, value: 1, deleted_at: expect.stringMatching(/Z$/) },
    });
    const row = await t.db
      .selectFrom('segments')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
    expect((await remove(owner, at, id)).status).toBe(404);
    expect((await rename(owner, at, id, 'Back')).status).toBe(404);
    expect((await recolor(owner, at, id, '#123456')).status).toBe(404);
    const study = await t.db.selectFrom('series').innerJoin('studies', 'studies.id', 'series.study_id');
    const { uuid } = await study
      .select('studies.uuid')
      .where('series.id', '=', series.id)
      .executeTakeFirstOrThrow();
    const organize = await as(owner, 'GET', `/annotator/studies/${uuid}`);
    expect(organize.body.segmentations[0].segments.map((s: { id: number }) => s.id)).toEqual([kept?.id]);
  });

  it('answers 404 for a segment of another segmentation, another team’s ids, and another series', async () => {
    const mine = await segmentationOf(team);
    const elsewhere = await segmentationOf(team);
    const theirs = await segmentationOf(other);
    const [own] = await buildSegments(t, team, mine.segmentation, 1);
    const [foreignSegment] = await buildSegments(t, other, theirs.segmentation, 1);
    const [otherSegment] = await buildSegments(t, team, elsewhere.segmentation, 1);
    const ownId = own?.id ?? 0;
    const paths = [
      [mine.at, foreignSegment?.id ?? 0],
      [mine.at, otherSegment?.id ?? 0],
      [theirs.at, foreignSegment?.id ?? 0],
      [`${mine.series.uuid}/${theirs.segmentation.id}`, ownId],
      [`${theirs.series.uuid}/${mine.segmentation.id}`, ownId],
      [`${elsewhere.series.uuid}/${mine.segmentation.id}`, ownId],
    ] as const;
    for (const [at, id] of paths) {
      expect((await rename(owner, at, id, 'X')).status, `${at}/${id}`).toBe(404);
      expect((await recolor(owner, at, id, '#123456')).status).toBe(404);
      expect((await remove(owner, at, id)).status).toBe(404);
    }
    expect((await create(owner, theirs.at)).status).toBe(404);
    expect((await create(owner, `${mine.series.uuid}/${theirs.segmentation.id}`)).status).toBe(404);
    const untouched = await t.db
      .selectFrom('segments')
      .select(['title', 'deleted_at'])
      .where('id', 'in', [ownId, foreignSegment?.id ?? 0, otherSegment?.id ?? 0])
      .execute();
    expect(untouched.every((s) => s.title.startsWith('Part') && s.deleted_at === null)).toBe(true);
  });
});

describe('who may change segments (docs/decisions/0030)', () => {
  /** Create, rename, recolour and delete a segment: the statuses, in that order. */
  async function tryAll(user: TestUser, at: string, segmentId: number) {
    return [
      (await create(user, at)).status,
      (await rename(user, at, segmentId, 'Renamed')).status,
      (await recolor(user, at, segmentId, '#111111')).status,
      (await remove(user, at, segmentId)).status,
    ];
  }
  const ALLOWED = [201, 200, 200, 200];
  const REFUSED = [403, 403, 403, 403];

  async function sharedWithSegment(opts: Parameters<typeof buildSegmentation>[3] = {}) {
    const s = await segmentationOf(team, { user: owner, rbac: true, ...opts });
    const [segment] = await buildSegments(t, team, s.segmentation, 1);
    return { ...s, segmentId: segment?.id ?? 0 };
  }

  it('on a shared segmentation: the unassigned Annotator and Member are refused, the assigned one allowed', async () => {
    const s = await sharedWithSegment();
    expect(await tryAll(annotator, s.at, s.segmentId)).toEqual(REFUSED);
    expect(await tryAll(member, s.at, s.segmentId)).toEqual(REFUSED);
    await assignUser(t, team, s.segmentation, annotator, team.roles.Annotator);
    expect(await tryAll(annotator, s.at, s.segmentId)).toEqual(ALLOWED);
  });

  it('a box of a role the user no longer holds gives nothing', async () => {
    const s = await sharedWithSegment();
    await assignUser(t, team, s.segmentation, annotator, team.roles.Member);
    expect(await tryAll(annotator, s.at, s.segmentId)).toEqual(REFUSED);
  });

  it('the Owner (r:team) and the creator change it without a box', async () => {
    const s = await sharedWithSegment({ user: annotator });
    expect(await tryAll(annotator, s.at, s.segmentId)).toEqual(ALLOWED);
    const o = await sharedWithSegment();
    expect(await tryAll(owner, o.at, o.segmentId)).toEqual(ALLOWED);
  });

  it('a Viewer, a reader and a reviewer change nothing, shared or not', async () => {
    for (const rbac of [true, false]) {
      const s = await sharedWithSegment({ rbac });
      for (const user of [viewer, reader, reviewer])
        expect(await tryAll(user, s.at, s.segmentId), `rbac ${rbac}`).toEqual(REFUSED);
    }
    // Assigned, a reviewer still only reviews.
    const s = await sharedWithSegment();
    await assignUser(t, team, s.segmentation, reviewer, team.roles.Reviewer ?? 0);
    expect(await tryAll(reviewer, s.at, s.segmentId)).toEqual(REFUSED);
  });

  it('on an unshared segmentation every Annotator and Member changes segments', async () => {
    const s = await sharedWithSegment({ rbac: false });
    expect(await tryAll(annotator, s.at, s.segmentId)).toEqual(ALLOWED);
    const m = await sharedWithSegment({ rbac: false });
    expect(await tryAll(member, m.at, m.segmentId)).toEqual(ALLOWED);
  });
});
