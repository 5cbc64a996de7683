import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy, type SeriesOptions } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';
import { SORT_NOT_DISTINCT } from './sort-plan';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let annotator: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  other = await buildTeam(t, await buildUser(t));
  annotator = await buildMember(t, team, 'Annotator');
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

/** A study of `owner` with series of the given options, in that order. */
async function studyWith(owner: TestTeam, series: SeriesOptions[]) {
  const study = await buildStudy(t, owner);
  const rows = [];
  for (const s of series) rows.push(await buildSeries(t, owner, study, s));
  return { study, series: rows };
}

const sorts = (body: { id: number; sort: number }[]) => Object.fromEntries(body.map((s) => [s.id, s.sort]));

describe('GET /annotator/studies/:uuid', () => {
  it('answers the study with data.series, its series with their kept data, and structures', async () => {
    const { study, series } = await studyWith(team, [
      {
        sort: 1,
        data: {
          seriesDescription: 'Arterial',
          nifti: ['x-001.nii'],
          source: { session: 's', files: ['secret-name.dcm'] },
          folder: ['teams', '1'],
        },
      },
      { sort: 2, acquisitionCode: 'PV', refSerie: true },
    ]);
    const res = await as(annotator, 'GET', `/annotator/studies/${study.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.study).toMatchObject({
      id: study.id,
      uuid: study.uuid,
      team_id: team.id,
      has_series: false,
      data: { patientName: 'Anonymous', series: [{ id: series[0]?.id, seriesDescription: 'Arterial' }, {}] },
      labels: [],
      segmentations: [],
      duplicate: false,
    });
    expect(res.body.series.map((s: { id: number }) => s.id)).toEqual(series.map((s) => s.id));
    expect(res.body.series[0]).toMatchObject({ nifti: ['x-001'], data: { seriesDescription: 'Arterial' } });
    expect(JSON.stringify(res.body)).not.toContain('secret-name');
    expect(res.body.series[0].data).not.toHaveProperty('folder');
    expect(res.body.series[1].ref_serie).toBe(true);
    // The seeded catalogue (migration 0010): a class and a multi-class structure among them.
    expect(res.body.structures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: 'liver', title: 'Liver' }),
        expect.objectContaining({ slug: 'totalsegmentator-total' }),
      ]),
    );
  });

  it('flags a study uploaded twice from one original study, within the team only', async () => {
    const originalUid = '1.2.826.0.1.3680043.8.498.424242';
    const first = await buildStudy(t, team, { originalUid });
    await buildStudy(t, other, { originalUid }); // another team's copy is not a duplicate
    const duplicate = async (uuid: string) =>
      (await as(annotator, 'GET', `/annotator/studies/${uuid}`)).body.study.duplicate;
    expect(await duplicate(first.uuid)).toBe(false);
    const second = await buildStudy(t, team, { originalUid });
    expect(await duplicate(first.uuid)).toBe(true);
    expect(await duplicate(second.uuid)).toBe(true);
  });

  it('answers 404 for another team’s study, 422 for a bad uuid, 403 without r:studies:detail', async () => {
    const foreign = await buildStudy(t, other);
    expect((await as(annotator, 'GET', `/annotator/studies/${foreign.uuid}`)).status).toBe(404);
    expect((await as(annotator, 'GET', '/annotator/studies/nope')).status).toBe(422);
    const own = await buildStudy(t, team);
    expect((await as(viewer, 'GET', `/annotator/studies/${own.uuid}`)).status).toBe(403);
  });
});

describe('PUT /studies-v2/change-sort-for-acquisition', () => {
  const put = (body: unknown) => as(annotator, 'PUT', '/studies-v2/change-sort-for-acquisition', { body });

  it('stores changes that keep the sorts distinct and answers the group in order', async () => {
    const { series } = await studyWith(team, [
      { sort: 1 },
      { sort: 2 },
      { sort: 3 },
      { acquisitionCode: 'PV', sort: 1 },
    ]);
    const [a, b, c] = series.map((s) => s.id) as [number, number, number];
    const res = await put({
      acquisitionCode: 'AR',
      series: [
        { id: a, sort: 3 },
        { id: b, sort: 1 },
        { id: c, sort: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([b, c, a]);
    expect(sorts(res.body)).toEqual({ [a]: 3, [b]: 1, [c]: 2 });
  });

  it('takes one change as a move, renumbering duplicate sorts from 1 first, and persists it', async () => {
    const { study, series } = await studyWith(team, [
      { sort: 0, seriesNumber: 1 },
      { sort: 0, seriesNumber: 2 },
      { sort: 0, seriesNumber: 3 },
    ]);
    const [a, b, c] = series.map((s) => s.id) as [number, number, number];
    const res = await put({ acquisitionCode: 'AR', series: [{ id: c, sort: 1 }] });
    expect(sorts(res.body)).toEqual({ [a]: 2, [b]: 3, [c]: 1 });
    const stored = await as(annotator, 'GET', `/studies-v2/series/${study.id}`);
    expect(sorts(stored.body)).toEqual({ [a]: 2, [b]: 3, [c]: 1 });
  });

  it('sorts series without an acquisition code as their own group', async () => {
    const { series } = await studyWith(team, [
      { acquisitionCode: null, sort: 1 },
      { acquisitionCode: null, sort: 2 },
    ]);
    const [a, b] = series.map((s) => s.id) as [number, number];
    const res = await put({ acquisitionCode: null, series: [{ id: a, sort: 2 }] });
    expect(sorts(res.body)).toEqual({ [a]: 2, [b]: 1 });
  });

  it('refuses with 422 what would break the order, leaving it as it was', async () => {
    const { study, series } = await studyWith(team, [
      { sort: 1 },
      { sort: 2 },
      { sort: 3 },
      { acquisitionCode: 'PV', sort: 1 },
    ]);
    const [a, b, c, pv] = series.map((s) => s.id) as [number, number, number, number];
    const other = await studyWith(team, [{ sort: 1 }]);
    const bad = [
      {
        acquisitionCode: 'AR',
        series: [
          { id: a, sort: 3 },
          { id: b, sort: 3 },
        ],
      },
      {
        acquisitionCode: 'AR',
        series: [
          { id: a, sort: 2 },
          { id: a, sort: 3 },
        ],
      },
      { acquisitionCode: 'AR', series: [{ id: pv, sort: 2 }] },
      { acquisitionCode: 'PV', series: [{ id: a, sort: 2 }] },
      {
        acquisitionCode: 'AR',
        series: [
          { id: a, sort: 2 },
          { id: other.series[0]?.id, sort: 1 },
        ],
      },
      { acquisitionCode: 'AR', series: [] },
      { acquisitionCode: 'AR', series: [{ id: a, sort: -1 }] },
      { series: [{ id: a, sort: 2 }] },
    ];
    for (const body of bad) expect((await put(body)).status, JSON.stringify(body)).toBe(422);
    const collide = await put(bad[0]);
    expect(collide.body.message).toBe(SORT_NOT_DISTINCT);
    const stored = await as(annotator, 'GET', `/studies-v2/series/${study.id}`);
    expect(sorts(stored.body)).toEqual({ [a]: 1, [b]: 2, [c]: 3, [pv]: 1 });
  });

  it('answers 404 for another team’s series, 403 to a Viewer', async () => {
    const foreign = await studyWith(other, [{ sort: 1 }]);
    const own = await studyWith(team, [{ sort: 1 }]);
    const res = await put({ acquisitionCode: 'AR', series: [{ id: foreign.series[0]?.id, sort: 1 }] });
    expect(res.status).toBe(404);
    const mixed = await put({
      acquisitionCode: 'AR',
      series: [
        { id: own.series[0]?.id, sort: 2 },
        { id: foreign.series[0]?.id, sort: 1 },
      ],
    });
    expect(mixed.status).toBe(404);
    const body = { acquisitionCode: 'AR', series: [{ id: own.series[0]?.id, sort: 1 }] };
    expect((await as(viewer, 'PUT', '/studies-v2/change-sort-for-acquisition', { body })).status).toBe(403);
  });
});

describe('PUT /studies-v2/:id/reference-series', () => {
  it('keeps one reference per study: setting moves it, null clears it', async () => {
    const { study, series } = await studyWith(team, [{ refSerie: true }, { sort: 1 }]);
    const [a, b] = series.map((s) => s.id) as [number, number];
    const put = (serie_id: number | null) =>
      as(annotator, 'PUT', `/studies-v2/${study.id}/reference-series`, { body: { serie_id } });
    const moved = await put(b);
    expect(moved.status).toBe(200);
    const refs = (body: { id: number; ref_serie?: true }[]) =>
      body.filter((s) => s.ref_serie).map((s) => s.id);
    expect(refs(moved.body)).toEqual([b]);
    expect(refs((await put(b)).body)).toEqual([b]);
    expect(refs((await put(null)).body)).toEqual([]);
    expect(refs((await put(a)).body)).toEqual([a]);
  });

  it('refuses a series of another study (422) or team (404), and another team’s study (404)', async () => {
    const mine = await studyWith(team, [{}]);
    const sibling = await studyWith(team, [{}]);
    const foreign = await studyWith(other, [{}]);
    const put = (studyId: number, serie_id: number | undefined) =>
      as(annotator, 'PUT', `/studies-v2/${studyId}/reference-series`, { body: { serie_id } });
    expect((await put(mine.study.id, sibling.series[0]?.id)).status).toBe(422);
    expect((await put(mine.study.id, foreign.series[0]?.id)).status).toBe(404);
    expect((await put(foreign.study.id, foreign.series[0]?.id)).status).toBe(404);
    expect((await put(mine.study.id, undefined)).status).toBe(422);
  });
});

describe('PUT /studies-v2/series/move', () => {
  it('moves series after the target’s, resetting acquisitions of both studies, files staying put', async () => {
    const source = await studyWith(team, [
      { sort: 1, refSerie: true },
      { sort: 2, acquisitionCode: 'PV' },
    ]);
    const target = await studyWith(team, [{ sort: 4, acquisitionCode: 'AR' }]);
    const [moving, staying] = source.series.map((s) => s.id) as [number, number];
    const res = await as(annotator, 'PUT', '/studies-v2/series/move', {
      body: { series: [moving], study_id: target.study.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number }) => s.id).sort()).toEqual([target.series[0]?.id, moving].sort());
    for (const s of res.body) expect(s).toMatchObject({ acquisition_code: 'NONE', score: 0 });
    expect(res.body.find((s: { id: number }) => s.id === moving)).toMatchObject({ sort: 5 });
    expect(res.body.some((s: { ref_serie?: true }) => s.ref_serie)).toBe(false);
    const left = await as(annotator, 'GET', `/studies-v2/series/${source.study.id}`);
    expect(left.body).toMatchObject([{ id: staying, acquisition_code: 'NONE', score: 0 }]);
    const row = await t.db
      .selectFrom('series')
      .select('data')
      .where('id', '=', moving)
      .executeTakeFirstOrThrow();
    expect(row.data.folder).toEqual([
      'teams',
      String(team.id),
      'studies',
      source.study.uuid,
      'series',
      source.series[0]?.uuid,
    ]);
  });

  it('marks a study left without series', async () => {
    const source = await studyWith(team, [{}]);
    const target = await studyWith(team, []);
    await as(annotator, 'PUT', '/studies-v2/series/move', {
      body: { series: [source.series[0]?.id], study_id: target.study.id },
    });
    const studies = await t.db
      .selectFrom('studies')
      .select(['id', 'has_series'])
      .where('id', 'in', [source.study.id, target.study.id])
      .execute();
    expect(Object.fromEntries(studies.map((s) => [s.id, s.has_series]))).toEqual({
      [source.study.id]: false,
      [target.study.id]: true,
    });
  });

  it('refuses: into its own study (422), while converting (409), foreign series or study (404)', async () => {
    const source = await studyWith(team, [{}, { status: 'generatingNii' }]);
    const target = await studyWith(team, [{}]);
    const foreign = await studyWith(other, [{}]);
    const move = (series: (number | undefined)[], study_id: number) =>
      as(annotator, 'PUT', '/studies-v2/series/move', { body: { series, study_id } });
    expect((await move([source.series[0]?.id], source.study.id)).status).toBe(422);
    expect((await move([source.series[1]?.id], target.study.id)).status).toBe(409);
    expect((await move([foreign.series[0]?.id], target.study.id)).status).toBe(404);
    expect((await move([source.series[0]?.id], foreign.study.id)).status).toBe(404);
    expect((await move([], target.study.id)).status).toBe(422);
    const unchanged = await as(annotator, 'GET', `/studies-v2/series/${source.study.id}`);
    expect(unchanged.body).toHaveLength(2);
  });
});

describe('PUT /studies-v2/:id/name', () => {
  it('renames the study and marks it changed by hand', async () => {
    const study = await buildStudy(t, team);
    const res = await as(annotator, 'PUT', `/studies-v2/${study.id}/name`, { body: { name: '  Case 7 ' } });
    expect(res.status).toBe(200);
    expect(res.body.data.patientName).toBe('Case 7');
    const row = await t.db
      .selectFrom('studies')
      .select('data')
      .where('id', '=', study.id)
      .executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ patientName: 'Case 7', dirty: true });
  });

  it('refuses a blank or long name (422), another team’s study (404), a Viewer (403)', async () => {
    const study = await buildStudy(t, team);
    const foreign = await buildStudy(t, other);
    const rename = (id: number, name: unknown, user = annotator) =>
      as(user, 'PUT', `/studies-v2/${id}/name`, { body: { name } });
    expect((await rename(study.id, '   ')).status).toBe(422);
    expect((await rename(study.id, 'x'.repeat(257))).status).toBe(422);
    expect((await rename(foreign.id, 'Stolen')).status).toBe(404);
    expect((await rename(study.id, 'Nope', viewer)).status).toBe(403);
  });
});
