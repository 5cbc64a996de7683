import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seriesKey } from '../../platform/storage/layout';

/** A dcm2niix output of the corpus (Siemens XA30 T1w, 2.4 MB), stored as a conversion stores it. */
const NIFTI = readCorpusFile('reference/dcm_qa_xa30/5_anat-T1w_acq-tfl.nii');

let t: TestApp;
let team: TestTeam;
let viewer: TestUser;
let url: string;
let foreignUrl: string;

async function convertedSeries(owner: TestTeam, status: 'done' | 'error' = 'done') {
  const study = await buildStudy(t, owner);
  const series = await buildSeries(t, owner, study, { status });
  const name = `${series.uuid}-001.nii`;
  await t.app.deps.storage.writeAtomic(
    [...seriesKey(owner.id, study.uuid, series.uuid), 'nifti', name],
    NIFTI,
  );
  await t.db
    .updateTable('series')
    .set({ data: JSON.stringify({ nifti: [name], conversionAttempt: 1 }) })
    .where('id', '=', series.id)
    .execute();
  return series;
}

const get = (path: string, headers: Record<string, string> = {}, who: TestUser = viewer) =>
  fetch(`${t.url}/svc${path}`, {
    headers: { authorization: `Bearer ${who.token}`, team: team.slug, ...headers },
  });
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  viewer = await buildMember(t, team, 'Viewer');
  url = `/v2/volume/${(await convertedSeries(team)).uuid}/0`;
  const other = await buildTeam(t, await buildUser(t));
  foreignUrl = `/v2/volume/${(await convertedSeries(other)).uuid}/0`;
});
afterAll(async () => t.close());

describe('GET /svc/v2/volume/:uuid/:volume', () => {
  it('answers the NIfTI bytes as stored, with their length, an ETag and byte ranges', async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-length')).toBe(String(NIFTI.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.compare(await bytes(res), NIFTI)).toBe(0);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);

    const cached = await get(url, { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect((await bytes(cached)).length).toBe(0);

    // The 348-byte NIfTI-1 header alone, as a viewer reads it before the voxels.
    const header = await get(url, { range: 'bytes=0-347' });
    expect(header.status).toBe(206);
    expect(header.headers.get('content-range')).toBe(`bytes 0-347/${NIFTI.length}`);
    expect(Buffer.compare(await bytes(header), NIFTI.subarray(0, 348))).toBe(0);
    const tail = await get(url, { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(await bytes(tail), NIFTI.subarray(NIFTI.length - 100))).toBe(0);

    // A range on an older version: the whole current file instead.
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"older"' });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).length).toBe(NIFTI.length);
    const past = await get(url, { range: `bytes=${NIFTI.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${NIFTI.length}`);
  });

  it('gives a new ETag when the series is converted again', async () => {
    const first = (await get(url)).headers.get('etag');
    const uuid = url.split('/')[3] ?? '';
    await t.db
      .updateTable('series')
      .set({ data: JSON.stringify({ nifti: [`${uuid}-001.nii`], conversionAttempt: 2 }) })
      .where('uuid', '=', uuid)
      .execute();
    const second = await get(url, { 'if-none-match': first ?? '' });
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(first);
  });

  it('is 404 for another team’s series, a missing volume, or a series not converted', async () => {
    expect((await get(foreignUrl)).status).toBe(404);
    expect((await get(url.replace(/0$/, '1'))).status).toBe(404);
    expect((await get(`/v2/volume/${(await convertedSeries(team, 'error')).uuid}/0`)).status).toBe(404);
    expect((await get('/v2/volume/00000000-0000-4000-8000-000000000000/0')).status).toBe(404);
    expect((await get(url.replace(/0$/, 'x'))).status).toBe(422);
  });

  it('is 401 without a token (403 without a permission: tenant-isolation test)', async () => {
    expect((await fetch(`${t.url}/svc${url}`, { headers: { team: team.slug } })).status).toBe(401);
  });
});
