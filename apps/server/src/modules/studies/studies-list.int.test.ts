import { encodeStudyId, STUDIES_PAGE_SIZE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy, buildUploadSession } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let viewer: TestUser;
let otherOwner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('GET /studies-v2', () => {
  it('answers an empty first page for a team without studies', async () => {
    const fresh = await buildTeam(t, owner);
    const res = await t.call('GET', '/studies-v2', { token: owner.token, team: fresh.slug });
    expect(res).toEqual({
      status: 200,
      body: { data: [], total: 0, per_page: STUDIES_PAGE_SIZE, current_page: 1 },
    });
  });

  it('pages newest first, 15 a page; beyond the last page is empty', async () => {
    const paged = await buildTeam(t, owner);
    const made = [];
    for (let i = 0; i < 17; i++)
      made.push(await buildStudy(t, paged, { patientName: `P${i}`, createdAt: minutesAgo(100 - i) }));
    const page = (n: string) =>
      t.call('GET', `/studies-v2?page=${n}`, { token: owner.token, team: paged.slug });
    const first = await page('1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 17, per_page: 15, current_page: 1 });
    expect(first.body.data.map((s: { data: { patientName: string } }) => s.data.patientName)).toEqual(
      Array.from({ length: 15 }, (_, i) => `P${16 - i}`),
    );
    const second = await page('2');
    expect(second.body.data.map((s: { id: number }) => s.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect(await page('3')).toEqual({
      status: 200,
      body: { data: [], total: 17, per_page: 15, current_page: 3 },
    });
    const unpaged = await t.call('GET', '/studies-v2', { token: owner.token, team: paged.slug });
    expect(unpaged.body.current_page).toBe(1);
  });

  it('keeps the total right as studies come and go, several in one statement too', async () => {
    const counted = await buildTeam(t, owner);
    const total = async () =>
      (await t.call('GET', '/studies-v2', { token: owner.token, team: counted.slug })).body.total;
    const one = await buildStudy(t, counted);
    const copies = await t.db
      .insertInto('studies')
      .values(
        [1, 2, 3].map((i) => ({ team_id: counted.id, study_uid: `2.25.${i}`, original_uid_hash: `h${i}` })),
      )
      .returning('id')
      .execute();
    expect(await total()).toBe(4);
    await t.db
      .deleteFrom('studies')
      .where('id', 'in', [one.id, copies[0]?.id ?? 0])
      .execute();
    expect(await total()).toBe(2);
  });

  it.each(['0', '-1', 'abc', '1.5', '', '99999999999'])('refuses page=%j with 422', async (page) => {
    const res = await as(owner, 'GET', `/studies-v2?page=${page}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('gives each row its pseudonym, dates, labels, slideshow, series count and encoded id', async () => {
    const study = await buildStudy(t, team, { patientName: 'ANON-1234', createdAt: minutesAgo(-1) });
    const label = (await as(owner, 'POST', '/label', { body: { name: 'Row label' } })).body;
    await as(owner, 'POST', `/label/study/${study.id}?id=${label.id}`);
    await buildSeries(t, team, study, { sort: 1, data: { slideshow: 5, slideshowVersion: 'a1' } });
    const reference = await buildSeries(t, team, study, {
      sort: 2,
      refSerie: true,
      data: { slideshow: 2, slideshowVersion: 'b2' },
    });
    await buildSeries(t, team, study, { sort: 0, status: 'error' });
    const res = await as(viewer, 'GET', '/studies-v2');
    const row = res.body.data.find((s: { id: number }) => s.id === study.id);
    expect(row).toEqual({
      id: study.id,
      uuid: study.uuid,
      study_id: encodeStudyId(study.id),
      status: 'uploading',
      upload_id: null,
      data: { patientName: 'ANON-1234', modality: 'CT' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
      labels: [label],
      cachedSlideshow: [0, 1].map((n) => `/api/studies-v2/slideshow/${reference.uuid}/${n}?v=b2`),
      segmentations: [],
      series_count: 3,
    });
  });

  it('keeps one upload batch with bupload_id; a foreign or unknown batch answers 404', async () => {
    const batch = await buildUploadSession(t, team, owner);
    const inBatch = await buildStudy(t, team, { uploadId: batch.id });
    await buildStudy(t, team);
    const foreignBatch = await buildUploadSession(t, other, otherOwner);
    await buildStudy(t, other, { uploadId: foreignBatch.id });
    const res = await as(owner, 'GET', `/studies-v2?page=1&bupload_id=${batch.id}`);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([inBatch.id]);
    expect(res.body.total).toBe(1);
    expect((await as(owner, 'GET', `/studies-v2?bupload_id=${foreignBatch.id}`)).status).toBe(404);
    expect((await as(owner, 'GET', '/studies-v2?bupload_id=99999999')).status).toBe(404);
    expect((await as(owner, 'GET', '/studies-v2?bupload_id=x')).status).toBe(422);
  });

  it('keeps the studies of one label with filter_id; a foreign label answers 404', async () => {
    const labelled = await buildStudy(t, team);
    const label = (await as(owner, 'POST', '/label', { body: { name: 'Filter me' } })).body;
    await as(owner, 'POST', `/label/study/${labelled.id}?id=${label.id}`);
    const res = await as(owner, 'GET', `/studies-v2?filter_id=${label.id}`);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([labelled.id]);
    const foreign = (
      await t.call('POST', '/label', { token: otherOwner.token, team: other.slug, body: { name: 'Theirs' } })
    ).body;
    expect((await as(owner, 'GET', `/studies-v2?filter_id=${foreign.id}`)).status).toBe(404);
  });

  it('never shows another team’s studies', async () => {
    const foreign = await buildStudy(t, other, { patientName: 'FOREIGN' });
    const res = await as(owner, 'GET', '/studies-v2?page=1');
    const all = [res.body.data];
    for (let page = 2; page <= Math.ceil(res.body.total / 15); page++)
      all.push((await as(owner, 'GET', `/studies-v2?page=${page}`)).body.data);
    expect(all.flat().some((s: { id: number }) => s.id === foreign.id)).toBe(false);
  });
});

describe('GET /studies-v2/:id and /studies-v2/series/:id', () => {
  it('answers one study as a list row, and its series in organize order', async () => {
    const study = await buildStudy(t, team, { patientName: 'ONE' });
    const b = await buildSeries(t, team, study, { acquisitionCode: 'PV', sort: 1, seriesNumber: 7 });
    const a2 = await buildSeries(t, team, study, { acquisitionCode: 'AR', sort: 2, seriesNumber: 3 });
    const a1 = await buildSeries(t, team, study, { acquisitionCode: 'AR', sort: 1, refSerie: true });
    const detail = await as(viewer, 'GET', `/studies-v2/${study.id}`);
    expect(detail.body).toMatchObject({ id: study.id, data: { patientName: 'ONE' }, series_count: 3 });
    const series = await as(viewer, 'GET', `/studies-v2/series/${study.id}`);
    expect(series.status).toBe(200);
    expect(series.body.map((s: { id: number }) => s.id)).toEqual([a1.id, a2.id, b.id]);
    expect(series.body[0]).toEqual({
      id: a1.id,
      uuid: a1.uuid,
      study_id: study.id,
      series_number: null,
      acquisition_code: 'AR',
      score: 0.5,
      ref_serie: true,
      sort: 1,
      modality_code: 'CT',
      status: 'done',
      slideshow: [],
    });
    expect(series.body[1]).not.toHaveProperty('ref_serie');
  });

  it('answers 404 for another team’s or a missing study, 422 for a bad id', async () => {
    const foreign = await buildStudy(t, other);
    await buildSeries(t, other, foreign);
    for (const path of [
      `/studies-v2/${foreign.id}`,
      `/studies-v2/series/${foreign.id}`,
      '/studies-v2/99999999',
    ])
      expect((await as(owner, 'GET', path)).status, path).toBe(404);
    expect((await as(owner, 'GET', '/studies-v2/abc')).status).toBe(422);
    expect((await as(owner, 'GET', '/studies-v2/0')).status).toBe(422);
  });
});

describe('POST /studies-v2/favorites', () => {
  it('answers the team’s favourites in the order asked, leaving out other teams’ and unknown ones', async () => {
    const a = await buildStudy(t, team, { patientName: 'FAV-A' });
    const b = await buildStudy(t, team, { patientName: 'FAV-B' });
    const foreign = await buildStudy(t, other, { patientName: 'FOREIGN' });
    const uuids = [b.uuid, foreign.uuid, '00000000-0000-4000-8000-000000000000', a.uuid];
    const res = await as(viewer, 'POST', '/studies-v2/favorites', { body: { uuids } });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { data: { patientName: string } }) => s.data.patientName)).toEqual([
      'FAV-B',
      'FAV-A',
    ]);
    expect((await as(viewer, 'POST', '/studies-v2/favorites', { body: { uuids: [] } })).body).toEqual([]);
    expect((await as(viewer, 'POST', '/studies-v2/favorites', { body: { uuids: ['x'] } })).status).toBe(422);
  });
});

describe('POST /study/uuid', () => {
  it('resolves an encoded id of the team to its uuid, and nothing else', async () => {
    const study = await buildStudy(t, team);
    const foreign = await buildStudy(t, other);
    expect(await as(viewer, 'POST', '/study/uuid', { body: { p: encodeStudyId(study.id) } })).toEqual({
      status: 200,
      body: { uuid: study.uuid },
    });
    for (const p of [encodeStudyId(foreign.id), 'garbage', encodeStudyId(99999999)])
      expect((await as(viewer, 'POST', '/study/uuid', { body: { p } })).status, p).toBe(404);
    expect((await as(viewer, 'POST', '/study/uuid', { body: {} })).status).toBe(422);
  });
});

describe('GET /uploads', () => {
  it('lists the team’s upload batches for administrators, 30 a page, with counts', async () => {
    const admin = await buildMember(t, team, 'Owner', { admin: true });
    const uploads = await buildTeam(t, admin);
    const batches = [];
    for (let i = 0; i < 31; i++) batches.push(await buildUploadSession(t, uploads, admin));
    const last = batches[30];
    if (!last) throw new Error('no batch');
    const study = await buildStudy(t, uploads, { uploadId: last.id });
    await buildSeries(t, uploads, study, { uploadId: last.id });
    await buildSeries(t, uploads, study, { uploadId: last.id });
    await buildUploadSession(t, other, otherOwner);
    const call = (q: string) => t.call('GET', `/uploads${q}`, { token: admin.token, team: uploads.slug });
    const first = await call('?page=1');
    expect(first.body).toMatchObject({ total: 31, per_page: 30, current_page: 1 });
    expect(first.body.data).toHaveLength(30);
    expect(first.body.data.find((b: { id: number }) => b.id === last.id)).toEqual({
      id: last.id,
      uuid: last.uuid,
      created_at: expect.any(String),
      user: { id: admin.id, name: 'Test User' },
      studies: 1,
      series: 2,
    });
    expect((await call('?page=2')).body.data).toHaveLength(1);
    expect((await call('?page=3')).body.data).toEqual([]);
    expect((await call('?page=0')).status).toBe(422);
    expect((await call('?page=x')).status).toBe(422);
  });

  it('answers 403 to a team Owner who is not an administrator', async () => {
    expect((await as(owner, 'GET', '/uploads')).status).toBe(403);
  });
});
