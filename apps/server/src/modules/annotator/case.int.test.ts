import { AUTH_COOKIE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  permissionVersion,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { buildSegmentation, buildSegments } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let viewer: TestUser;
let reviewer: TestUser;
let powerless: TestUser;
let browser: TestUser;

const call = (method: 'GET' | 'POST', path: string, who: TestUser | null, slug = team.slug) =>
  fetch(`${t.url}/api${path}`, {
    method,
    headers: {
      team: slug,
      'x-requested-with': 'XMLHttpRequest',
      ...(who && { authorization: `Bearer ${who.token}` }),
    },
  });

/** A converted series: its data names `volumes` NIfTI files, as a conversion records them. */
const converted = (volumes: number, description?: string) => ({
  nifti: Array.from({ length: volumes }, (_, i) => `v-${i + 1}.nii`),
  ...(description && { seriesDescription: description }),
});

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  viewer = await buildMember(t, team, 'Viewer');
  await buildRole(t, team, 'Reviewer', ['r:reviews']);
  reviewer = await buildMember(t, team, 'Reviewer');
  await buildRole(t, team, 'Nothing', []);
  powerless = await buildMember(t, team, 'Nothing');
  await buildRole(t, team, 'Browser', ['r:studies']);
  browser = await buildMember(t, team, 'Browser');
  other = await buildTeam(t, await buildUser(t));
});
afterAll(async () => t.close());

describe('POST /api/annotator/auth/signed', () => {
  it('answers the token the request carried, the user id and permissions in this team', async () => {
    const res = await call('POST', '/annotator/auth/signed?permission_version=0', viewer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      token: viewer.token,
      id: viewer.id,
      user_permission: ['r:dashboard', 'r:studies'],
      permission_version: await permissionVersion(t, viewer.id),
    });
  });

  it('signs in by the cookie alone as well, answering the cookie token', async () => {
    const res = await fetch(`${t.url}/api/annotator/auth/signed`, {
      method: 'POST',
      headers: {
        team: team.slug,
        'x-requested-with': 'XMLHttpRequest',
        cookie: `${AUTH_COOKIE}=${viewer.token}`,
      },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token: string }).token).toBe(viewer.token);
  });

  it('answers 401 signed out, 404 in another team, 403 without a permission that reads cases', async () => {
    expect((await call('POST', '/annotator/auth/signed', null)).status).toBe(401);
    expect((await call('POST', '/annotator/auth/signed', viewer, other.slug)).status).toBe(404);
    expect((await call('POST', '/annotator/auth/signed', powerless)).status).toBe(403);
    expect((await call('POST', '/annotator/auth/signed', reviewer)).status).toBe(200);
  });
});

describe('GET /api/annotator/case/:uuid', () => {
  it('lists the study’s converted series, the reference first, then in the organize order', async () => {
    const study = await buildStudy(t, team, { patientName: 'ANON-CASE' });
    const b = await buildSeries(t, team, study, { sort: 2, seriesNumber: 3, data: converted(1, 'T1 axial') });
    const a = await buildSeries(t, team, study, { sort: 1, seriesNumber: 2, data: converted(4) });
    const ref = await buildSeries(t, team, study, {
      sort: 3,
      seriesNumber: 5,
      refSerie: true,
      data: converted(1),
    });
    await buildSeries(t, team, study, { sort: 0, status: 'error', data: {} });
    await buildSeries(t, team, study, { sort: 0, data: {} });

    const res = await call('GET', `/annotator/case/${b.uuid}`, reviewer);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      uuid: string;
      study: { uuid: string; patient_name: string; modality: string | null };
      series: { uuid: string; ref_serie: boolean; volumes: number; description: string | null }[];
    };
    expect(body.uuid).toBe(b.uuid);
    expect(body.study).toMatchObject({ uuid: study.uuid, patient_name: 'ANON-CASE', modality: 'CT' });
    expect(body.series.map((s) => s.uuid)).toEqual([ref.uuid, a.uuid, b.uuid]);
    expect(body.series.map((s) => s.ref_serie)).toEqual([true, false, false]);
    expect(body.series.map((s) => s.volumes)).toEqual([1, 4, 1]);
    expect(body.series[2]?.description).toBe('T1 axial');
  });

  it('lists the study’s segmentations with their segments and what the caller may do with them', async () => {
    const study = await buildStudy(t, team);
    const series = await buildSeries(t, team, study, { data: converted(1) });
    const segmentation = await buildSegmentation(t, team, series);
    await buildSegments(t, team, segmentation, 2, { deleted: [2] });
    const read = async (who: TestUser) => {
      const res = await call('GET', `/annotator/case/${series.uuid}`, who);
      expect(res.status).toBe(200);
      return ((await res.json()) as { segmentations: unknown[] }).segmentations;
    };
    expect(await read(reviewer)).toEqual([
      expect.objectContaining({
        id: segmentation.id,
        series_uuid: series.uuid,
        segments: [expect.objectContaining({ value: 1, title: 'Part 1', visible: true })],
        can: expect.objectContaining({ edit: false, review: true }),
      }),
    ]);
    // Who may not fetch masks is not shown segmentations whose masks would answer 403.
    expect(await read(browser)).toEqual([]);
  });

  it('answers 404 for an unknown, unconverted or other team’s series, 403 without permission', async () => {
    const study = await buildStudy(t, team);
    const pending = await buildSeries(t, team, study, { status: 'converting', data: converted(1) });
    const foreignStudy = await buildStudy(t, other);
    const foreign = await buildSeries(t, other, foreignStudy, { data: converted(1) });
    const mine = await buildSeries(t, team, study, { data: converted(1) });
    expect((await call('GET', `/annotator/case/${pending.uuid}`, viewer)).status).toBe(404);
    expect((await call('GET', `/annotator/case/${foreign.uuid}`, viewer)).status).toBe(404);
    expect((await call('GET', `/annotator/case/${crypto.randomUUID()}`, viewer)).status).toBe(404);
    expect((await call('GET', `/annotator/case/${mine.uuid}`, viewer)).status).toBe(200);
    expect((await call('GET', `/annotator/case/${mine.uuid}`, powerless)).status).toBe(403);
    expect((await call('GET', `/annotator/case/${mine.uuid}`, null)).status).toBe(401);
  });
});
