import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { syntheticNifti } from '../../../test/synthetic-nifti';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seriesKey } from '../../platform/storage/layout';
import { writeSlideshow } from './slideshow';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let viewer: TestUser;
let frames: string[];
let foreignFrame: string;

/** A converted series of `owner` whose slideshow was written as the conversion writes it. */
async function seriesWithSlideshow(owner: TestTeam) {
  const study = await buildStudy(t, owner);
  const series = await buildSeries(t, owner, study);
  const folder = seriesKey(owner.id, study.uuid, series.uuid);
  await t.app.deps.storage.writeAtomic([...folder, 'nifti', 'a-001.nii'], syntheticNifti(32, 24, 12));
  const count = await writeSlideshow(t.app.deps.storage, folder, 'a-001.nii');
  await t.db
    .updateTable('series')
    .set({ data: JSON.stringify({ slideshow: count, slideshowVersion: 'v1' }) })
    .where('id', '=', series.id)
    .execute();
  return study;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, await buildUser(t));
  viewer = await buildMember(t, team, 'Viewer');
  const study = await seriesWithSlideshow(team);
  const row = await t.call('GET', `/studies-v2/${study.id}`, { token: viewer.token, team: team.slug });
  frames = row.body.cachedSlideshow;
  const foreign = await seriesWithSlideshow(other);
  const series = await t.db
    .selectFrom('series')
    .select('uuid')
    .where('study_id', '=', foreign.id)
    .executeTakeFirstOrThrow();
  foreignFrame = `/api/studies-v2/slideshow/${series.uuid}/0`;
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${url}`, {
    headers: { authorization: `Bearer ${viewer.token}`, team: team.slug, ...headers },
  });

describe('GET /studies-v2/slideshow/:seriesUuid/:frame', () => {
  it('serves each frame of the list row as a PNG, cached for good', async () => {
    expect(frames).toHaveLength(5);
    for (const url of frames) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    }
  });

  it('answers 304 to If-None-Match with the ETag', async () => {
    const url = frames[2] ?? '';
    const etag = (await get(url)).headers.get('etag') ?? '';
    const again = await get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await get(url, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers 404 for another team’s series and a frame it does not have, 422 for a bad frame', async () => {
    expect((await get(foreignFrame)).status).toBe(404);
    const uuid = (frames[0] ?? '').split('/')[4];
    expect((await get(`/api/studies-v2/slideshow/00000000-0000-4000-8000-000000000000/0`)).status).toBe(404);
    expect((await get(`/api/studies-v2/slideshow/${uuid}/5`)).status).toBe(422);
    expect((await get(`/api/studies-v2/slideshow/${uuid}/x`)).status).toBe(422);
    expect((await fetch(`${t.url}${frames[0]}`, { headers: { team: team.slug } })).status).toBe(401);
  });
});
