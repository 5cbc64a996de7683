import { existsSync } from 'node:fs';
import type { LogEvent } from 'kysely';
import { SEGMENTATIONS_PAGE_SIZE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import {
  assignUser,
  buildSegmentation,
  buildSegments,
  buildStructure,
} from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';
import { maskKey, segmentationKey, seriesKey } from '../../platform/storage/layout';
import { NOT_CONVERTED } from './service';

/**
 * Segmentations through the API (teams-and-account.md 3, 7.5; docs/decisions/0030): create and delete,
 * the team's list, and the counts of the studies list and the organize view.
 */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let annotator: TestUser;
let viewer: TestUser;
let statements: string[] = [];
let liver: { id: number; slug: string; title: string };

beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (e: LogEvent) => void statements.push(e.query.sql) });
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner);
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  annotator = await buildMember(t, team, 'Annotator', { name: 'Anna Annotator' });
  viewer = await buildMember(t, team, 'Viewer');
  liver = await buildStructure(t, { slug: 'test-liver', title: 'Liver' });
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

async function seriesOf(owner: TestTeam, opts: Parameters<typeof buildSeries>[3] = {}) {
  const study = await buildStudy(t, owner, { patientName: 'Jane Roe' });
  const series = await buildSeries(t, owner, study, { seriesNumber: 3, ...opts });
  return { study, series };
}

describe('POST /annotator/segmentations/:uuid', () => {
  it('creates a shared segmentation of a converted series, with a box per assignable role', async () => {
    const { study, series } = await seriesOf(team, { data: { seriesDescription: 'Arterial' } });
    const res = await as(owner, 'POST', `/annotator/segmentations/${series.uuid}`, {
      body: { structure: liver.slug, rbac: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      study_id: study.id,
      series_id: series.id,
      series_uuid: series.uuid,
      structure: { title: 'Liver', slug: 'test-liver', category: null },
      user_name: 'Olga Owner',
      rbac_enabled: true,
      mask_revision: null,
      segments: [],
      can: { edit: true, review: true, delete: true, assign: true },
    });
    // Owner, Member and Annotator may change or review a segmentation; Viewer may not.
    expect(res.body.roles).toEqual({
      [team.roles.Owner]: [],
      [team.roles.Member]: [],
      [team.roles.Annotator]: [],
    });
  });

  it('makes it unshared without rbac; an Annotator may then change and delete it but not assign', async () => {
    const { series } = await seriesOf(team);
    const res = await as(annotator, 'POST', `/annotator/segmentations/${series.uuid}`, {
      body: { structure: liver.slug },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rbac_enabled: false,
      roles: {},
      user_name: 'Anna Annotator',
      can: { edit: true, delete: true, assign: false },
    });
  });

  it('takes the team’s own structure before a global one of the same slug', async () => {
    await buildStructure(t, { team, slug: liver.slug, title: 'Our liver' });
    const { series } = await seriesOf(team);
    const res = await as(owner, 'POST', `/annotator/segmentations/${series.uuid}`, {
      body: { structure: liver.slug },
    });
    expect(res.body.structure).toMatchObject({ title: 'Our liver', slug: liver.slug });
    const theirs = await seriesOf(other);
    const foreign = await t.call('POST', `/annotator/segmentations/${theirs.series.uuid}`, {
      token: otherOwner.token,
      team: other.slug,
      body: { structure: liver.slug },
    });
    expect(foreign.body.structure.title).toBe('Liver');
  });

  it('refuses a series not converted yet (409), an unknown or foreign structure and series (404)', async () => {
    const { series: busy } = await seriesOf(team, { status: 'converting' });
    const notConverted = await as(owner, 'POST', `/annotator/segmentations/${busy.uuid}`, {
      body: { structure: liver.slug },
    });
    expect(notConverted).toMatchObject({ status: 409, body: { message: NOT_CONVERTED } });
    const { series } = await seriesOf(team);
    const theirStructure = await buildStructure(t, { team: other });
    for (const slug of ['no-such-structure', theirStructure.slug]) {
      const res = await as(owner, 'POST', `/annotator/segmentations/${series.uuid}`, {
        body: { structure: slug },
      });
      expect(res.status).toBe(404);
    }
    const theirs = await seriesOf(other);
    const foreign = await as(owner, 'POST', `/annotator/segmentations/${theirs.series.uuid}`, {
      body: { structure: liver.slug },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await as(viewer, 'POST', `/annotator/segmentations/${series.uuid}`, {
          body: { structure: liver.slug },
        })
      ).status,
    ).toBe(403);
    const count = await t.db
      .selectFrom('segmentations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('series_id', 'in', [busy.id, series.id, theirs.series.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('DELETE /annotator/segmentations/:uuid/:segmentationId', () => {
  it('deletes the rows and every mask file of the segmentation, and nothing of the others', async () => {
    const { study, series } = await seriesOf(team);
    const doomed = await buildSegmentation(t, team, series, { user: owner, rbac: true });
    const kept = await buildSegmentation(t, team, series);
    await buildSegments(t, team, doomed, 3);
    await assignUser(t, team, doomed, annotator, team.roles.Annotator);
    const folder = seriesKey(team.id, study.uuid, series.uuid);
    const storage = t.app.deps.storage;
    for (const [id, revision] of [
      [doomed.id, 1],
      [doomed.id, 2],
      [kept.id, 1],
    ] as const)
      await storage.writeAtomic(maskKey(folder, id, revision), new Uint8Array([1, 2, 3]));
    const res = await as(owner, 'DELETE', `/annotator/segmentations/${series.uuid}/${doomed.id}`);
    expect(res.status).toBe(204);
    expect(existsSync(await storage.path(segmentationKey(folder, doomed.id)))).toBe(false);
    expect(await storage.size(maskKey(folder, kept.id, 1))).toBe(3);
    for (const table of ['segments', 'segmentation_users'] as const) {
      const left = await t.db
        .selectFrom(table)
        .select('id')
        .where('segmentation_id', '=', doomed.id)
        .execute();
      expect(left).toEqual([]);
    }
    const again = await as(owner, 'DELETE', `/annotator/segmentations/${series.uuid}/${doomed.id}`);
    expect(again.status).toBe(404);
  });

  it('deletes a segmentation that has no mask yet', async () => {
    const { series } = await seriesOf(team);
    const segmentation = await buildSegmentation(t, team, series);
    const res = await as(annotator, 'DELETE', `/annotator/segmentations/${series.uuid}/${segmentation.id}`);
    expect(res.status).toBe(204);
  });

  it('answers 404 for another team’s or another series’ segmentation, 403 to those it does not allow', async () => {
    const theirs = await seriesOf(other);
    const foreign = await buildSegmentation(t, other, theirs.series);
    const { series } = await seriesOf(team);
    const { series: elsewhere } = await seriesOf(team);
    const shared = await buildSegmentation(t, team, series, { user: owner, rbac: true });
    const cases: [TestUser, string, number][] = [
      [owner, `${theirs.series.uuid}/${foreign.id}`, 404],
      [owner, `${series.uuid}/${foreign.id}`, 404],
      [owner, `${elsewhere.uuid}/${shared.id}`, 404],
      // A shared segmentation is deleted by those who manage it, not by an Annotator, assigned or not.
      [annotator, `${series.uuid}/${shared.id}`, 403],
      [viewer, `${series.uuid}/${shared.id}`, 403],
    ];
    for (const [user, path, status] of cases)
      expect((await as(user, 'DELETE', `/annotator/segmentations/${path}`)).status, path).toBe(status);
    await assignUser(t, team, shared, annotator, team.roles.Annotator);
    expect(
      (await as(annotator, 'DELETE', `/annotator/segmentations/${series.uuid}/${shared.id}`)).status,
    ).toBe(403);
  });
});

describe('GET /segmentations', () => {
  let listTeam: TestTeam;
  let listOwner: TestUser;
  let listAnnotator: TestUser;
  let kidney: { id: number; slug: string };
  beforeAll(async () => {
    listOwner = await buildUser(t);
    listTeam = await buildTeam(t, listOwner);
    listAnnotator = await buildMember(t, listTeam, 'Annotator');
    kidney = await buildStructure(t, { team: listTeam, slug: 'test-kidney', title: 'Kidney' });
  });
  const list = (user: TestUser, query = '') =>
    t.call('GET', `/segmentations${query}`, { token: user.token, team: listTeam.slug });

  it('pages the team’s segmentations newest first, 15 a page, with where each lives', async () => {
    const study = await buildStudy(t, listTeam, { patientName: 'John Doe' });
    const series = await buildSeries(t, listTeam, study, {
      seriesNumber: 7,
      data: { seriesDescription: 'Portal venous' },
    });
    const made = [];
    for (let i = 0; i < SEGMENTATIONS_PAGE_SIZE + 2; i++)
      made.push(await buildSegmentation(t, listTeam, series, { structure: liver }));
    await buildSegmentation(t, other, (await seriesOf(other)).series);
    const first = await list(listOwner);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 17, per_page: 15, current_page: 1 });
    expect(first.body.data.map((s: { id: number }) => s.id)).toEqual(
      made
        .map((s) => s.id)
        .reverse()
        .slice(0, 15),
    );
    expect(first.body.data[0]).toMatchObject({
      study_uuid: study.uuid,
      series_uuid: series.uuid,
      patient_name: 'John Doe',
      series_number: 7,
      series_description: 'Portal venous',
      modality_code: 'CT',
      structure: { slug: liver.slug },
      can: { edit: true },
    });
    const second = await list(listOwner, '?page=2');
    expect(second.body.data.map((s: { id: number }) => s.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect((await list(listOwner, '?page=3')).body).toMatchObject({ data: [], total: 17 });
  });

  it('filters by structure slug and by the caller’s own assignments in the role they hold now', async () => {
    const study = await buildStudy(t, listTeam);
    const series = await buildSeries(t, listTeam, study);
    const mine = await buildSegmentation(t, listTeam, series, { structure: kidney, rbac: true });
    const oldBox = await buildSegmentation(t, listTeam, series, { structure: kidney, rbac: true });
    await buildSegmentation(t, listTeam, series, { structure: kidney, rbac: true });
    await assignUser(t, listTeam, mine, listAnnotator, listTeam.roles.Annotator);
    // A box of a role the user no longer holds gives nothing (docs/decisions/0030).
    await assignUser(t, listTeam, oldBox, listAnnotator, listTeam.roles.Member);
    const byStructure = await list(listOwner, `?structure=${kidney.slug}`);
    expect(byStructure.body.total).toBe(3);
    expect(
      byStructure.body.data.every((s: { structure: { slug: string } }) => s.structure.slug === kidney.slug),
    ).toBe(true);
    const assigned = await list(listAnnotator, '?assigned=1');
    expect(assigned.body).toMatchObject({ total: 1, data: [{ id: mine.id, can: { edit: true } }] });
    expect((await list(listOwner, '?assigned=1')).body.total).toBe(0);
    // The web client sends the flag as a boolean: 'true' in the query string.
    expect((await list(listAnnotator, '?assigned=true')).body.total).toBe(1);
    expect((await list(listAnnotator, '?assigned=false')).body.total).toBeGreaterThan(1);
    expect((await list(listOwner, '?structure=no-such')).body).toMatchObject({ total: 0, data: [] });
  });

  it('lists the shared segmentations an unassigned member may read, read-only', async () => {
    const res = await list(listAnnotator, `?structure=${kidney.slug}`);
    const shared = res.body.data.filter((s: { rbac_enabled: boolean }) => s.rbac_enabled);
    expect(shared.length).toBe(3);
    expect(shared.filter((s: { can: { edit: boolean } }) => !s.can.edit)).toHaveLength(2);
  });

  it('answers 403 without r:segmentations', async () => {
    const listViewer = await buildMember(t, listTeam, 'Viewer');
    expect((await list(listViewer)).status).toBe(403);
  });
});

describe('segmentations in the studies list and the organize view', () => {
  it('counts each segmentation’s live segments in the studies list, in the page’s one query', async () => {
    const countTeam = await buildTeam(t, owner);
    const study = await buildStudy(t, countTeam);
    const series = await buildSeries(t, countTeam, study);
    const segmentation = await buildSegmentation(t, countTeam, series);
    await buildSegments(t, countTeam, segmentation, 3, { deleted: [2] });
    const empty = await buildSegmentation(t, countTeam, series);
    for (let i = 0; i < 4; i++)
      await buildSegmentation(t, countTeam, await buildSeries(t, countTeam, await buildStudy(t, countTeam)));
    statements = [];
    const res = await t.call('GET', '/studies-v2', { token: owner.token, team: countTeam.slug });
    expect(res.status).toBe(200);
    expect(statements.filter((sql) => /segment/.test(sql))).toHaveLength(1);
    const row = res.body.data.find((s: { id: number }) => s.id === study.id);
    expect(row.segmentations).toEqual([
      {
        id: segmentation.id,
        parent_id: series.id,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        item_count: 2,
      },
      expect.objectContaining({ id: empty.id, item_count: 0 }),
    ]);
    const detail = await t.call('GET', `/studies-v2/${study.id}`, {
      token: owner.token,
      team: countTeam.slug,
    });
    expect(detail.body.segmentations).toEqual(row.segmentations);
  });

  it('gives the organize view the study’s segmentations with the caller’s abilities, and the structures', async () => {
    const { study, series } = await seriesOf(team);
    const shared = await buildSegmentation(t, team, series, { user: owner, rbac: true, structure: liver });
    await buildSegments(t, team, shared, 2, { deleted: [1] });
    await assignUser(t, team, shared, annotator, team.roles.Annotator);
    const ownStructure = await buildStructure(t, { team, title: 'Aaa own structure' });
    const theirStructure = await buildStructure(t, { team: other });
    const res = await as(annotator, 'GET', `/annotator/studies/${study.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.segmentations).toEqual([
      expect.objectContaining({
        id: shared.id,
        series_uuid: series.uuid,
        segments: [expect.objectContaining({ sort: 2, title: 'Part 2', deleted_at: null })],
        roles: expect.objectContaining({
          [team.roles.Annotator]: [
            expect.objectContaining({
              user_id: annotator.id,
              role_id: team.roles.Annotator,
              email: annotator.email,
            }),
          ],
        }),
        can: { edit: true, review: true, delete: false, assign: false },
      }),
    ]);
    expect(res.body.study.segmentations).toEqual([expect.objectContaining({ id: shared.id, item_count: 1 })]);
    const slugs = res.body.structures.map((s: { slug: string }) => s.slug);
    expect(slugs).toContain(ownStructure.slug);
    expect(slugs).not.toContain(theirStructure.slug);
    // The team's own liver hides the global one of the same slug.
    expect(res.body.structures.filter((s: { slug: string }) => s.slug === liver.slug)).toEqual([
      { title: 'Our liver', slug: liver.slug, category_id: null },
    ]);
    const titles = res.body.structures.map((s: { title: string }) => s.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('moves a segmentation with its series to another study; its masks stay in the series’ folder', async () => {
    const { study, series } = await seriesOf(team);
    const target = await buildStudy(t, team);
    const segmentation = await buildSegmentation(t, team, series);
    const res = await as(owner, 'PUT', '/studies-v2/series/move', {
      body: { series: [series.id], study_id: target.id },
    });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('segmentations')
      .select('study_id')
      .where('id', '=', segmentation.id)
      .executeTakeFirstOrThrow();
    expect(row.study_id).toBe(target.id);
    const moved = await as(owner, 'GET', `/studies-v2/${target.id}`);
    expect(moved.body.segmentations.map((s: { id: number }) => s.id)).toEqual([segmentation.id]);
    expect((await as(owner, 'GET', `/studies-v2/${study.id}`)).body.segmentations).toEqual([]);
    // The series' files stay where they were written: its masks too, and deleting finds them there.
    const folder = segmentationKey(seriesKey(team.id, study.uuid, series.uuid), segmentation.id);
    await t.app.deps.storage.writeAtomic(
      maskKey(seriesKey(team.id, study.uuid, series.uuid), segmentation.id, 1),
      new Uint8Array([1]),
    );
    const removed = await as(owner, 'DELETE', `/annotator/segmentations/${series.uuid}/${segmentation.id}`);
    expect(removed.status).toBe(204);
    expect(existsSync(await t.app.deps.storage.path(folder))).toBe(false);
  });
});
