import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildMember, type TestUser } from '../../../test/factories';
import {
  convertedSeries,
  corpusSeries,
  download,
  expectSameGrid,
  readNifti,
  storedMask,
  type ConvertedSeries,
} from '../../../test/mask-flow';

/**
 * Saving a painted mask (issue 13 item 3, server) over the really converted example CT: a new 'paint'
 * revision on the series' grid, only over the revision it was painted on (409 otherwise, with the
 * current one), only values of live segments, and only by whom the segmentation's rules let change it.
 */
let u: Uploader;
let ct: ConvertedSeries;
let owner: { token: string; team: string };
let id: number;
/** The empty mask of revision 1, inflated: what the annotator loads and paints on. */
let empty: ReturnType<typeof readNifti>;

const svc = (method: string, apiPath: string, who = owner, bytes?: Uint8Array) =>
  u.t.call(method, apiPath, { ...who, prefix: '/svc', ...(bytes && { bytes }) });
const save = (base: number, bytes: Uint8Array, who = owner) =>
  svc('PUT', `/v2/mask/save/${ct.uuid}/${id}?base=${base}`, who, bytes);

/** The loaded mask with `paint` applied to a copy of its voxels, as .nii.gz bytes. */
function painted(paint: (voxels: Uint8Array) => void): Uint8Array {
  const file = Buffer.from(empty.file);
  const voxels = file.subarray(empty.header.vox_offset, empty.header.vox_offset + empty.voxels.length);
  paint(voxels);
  return gzipSync(file);
}

beforeAll(async () => {
  u = await newUploader();
  owner = { token: u.owner.token, team: u.team.slug };
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  const created = await u.t.call('POST', `/annotator/segmentations/${ct.uuid}`, {
    ...owner,
    body: { structure: 'liver', rbac: 1 },
  });
  expect(created.status).toBe(201);
  id = created.body.id;
  for (let i = 0; i < 2; i++)
    expect((await u.t.call('POST', `/annotator/segment/create/${ct.uuid}/${id}`, owner)).status).toBe(201);
  expect((await svc('POST', `/v2/create-mask/${ct.uuid}/${id}`)).status).toBe(201);
  empty = readNifti((await download(u, `/v2/mask/${ct.uuid}/${id}`, owner)).bytes);
}, 240_000);
afterAll(async () => u.t.close());

describe('PUT /svc/v2/mask/save', () => {
  it('stores the painted voxels as a new revision on the series’ grid; the painted segments take it', async () => {
    const mask = painted((v) => {
      v.fill(1, 1000, 1500);
      v.fill(2, 5000, 5100);
    });
    const res = await save(1, mask);
    expect(res).toMatchObject({ status: 200, body: { revision: 2, reason: 'paint', datatype: 'uint8' } });
    const stored = await storedMask(u, ct, id, 2);
    expect(readNifti(stored).voxels.equals(readNifti(mask).voxels)).toBe(true);
    expectSameGrid(stored, await readFile(ct.volumeFile));
    const loaded = await download(u, `/v2/mask/${ct.uuid}/${id}`, owner);
    expect(loaded.revision).toBe('2');
    const segments = (await u.t.call('GET', `/annotator/studies/${ct.studyUuid}`, owner)).body.segmentations
      .find((s: { id: number }) => s.id === id)
      .segments.map((s: { value: number; revision: number }) => [s.value, s.revision]);
    expect(segments).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('answers 409 with the current revision to a save over an older one; saving again over it overwrites', async () => {
    const mine = painted((v) => v.fill(1, 0, 10));
    const stale = await save(1, mine);
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ revision: ['2'] });
    expect(stale.body.message).toMatch(/revision 2 is the newest/);
    const overwrite = await save(2, mine);
    expect(overwrite.body).toMatchObject({ revision: 3, reason: 'paint' });
    // Revision 2 is kept as it was.
    expect(
      readNifti(await storedMask(u, ct, id, 2))
        .voxels.subarray(0, 10)
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('refuses a value no live segment has, a file off the grid and a malformed one, writing nothing', async () => {
    const before = (await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`)).body.length;
    const unknown = await save(
      3,
      painted((v) => v.fill(7, 0, 4)),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/values no segment .*: 7\./);
    const offGrid = await readFile(
      path.join(TESTDATA_DIR, 'segmentation/totalsegmentator/example_seg.nii.gz'),
    );
    expect((await save(3, offGrid)).status).toBe(422);
    expect((await save(3, new Uint8Array([1, 2, 3, 4]))).status).toBe(400);
    expect((await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`)).body.length).toBe(before);
  });

  it('is 403 for a member the rbac segmentation does not let change it, and 409 before a mask exists', async () => {
    const viewer: TestUser = await buildMember(u.t, u.team, 'Viewer');
    const annotator: TestUser = await buildMember(u.t, u.team, 'Annotator');
    const as = (user: TestUser) => ({ token: user.token, team: u.team.slug });
    const mask = painted(() => undefined);
    expect((await save(3, mask, as(viewer))).status).toBe(403);
    expect((await save(3, mask, as(annotator))).status).toBe(403);
    const bare = await u.t.call('POST', `/annotator/segmentations/${ct.uuid}`, {
      ...owner,
      body: { structure: 'liver', rbac: 0 },
    });
    const res = await svc('PUT', `/v2/mask/save/${ct.uuid}/${bare.body.id}?base=1`, owner, mask);
    expect(res.status).toBe(409);
  });
});
