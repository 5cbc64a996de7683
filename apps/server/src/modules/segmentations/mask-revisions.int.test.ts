import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildMember, buildTeam, buildUser, type TestUser } from '../../../test/factories';
import {
  convertedSeries,
  corpusSeries,
  download,
  readNifti,
  storedMask,
  type ConvertedSeries,
} from '../../../test/mask-flow';
import { assignUser } from '../../../test/segmentation-factories';

/**
 * Mask revisions of a real label map (TotalSegmentator's, imported over the really converted example
 * CT): remove-segment, restore, the list and the download, and who may do which (decision 0030).
 */
let u: Uploader;
let ct: ConvertedSeries;
let owner: { token: string; team: string };
let file: Buffer;
/** The imported (shared) segmentation. */
let id: number;
beforeAll(async () => {
  u = await newUploader();
  owner = { token: u.owner.token, team: u.team.slug };
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  const labelMap = await readFile(
    path.join(TESTDATA_DIR, 'segmentation/totalsegmentator/example_seg_dicom.nii.gz'),
  );
  file = readNifti(labelMap).voxels;
  const imported = await u.t.call(
    'POST',
    `/v2/import-mask/${ct.uuid}?structure=totalsegmentator-total&rbac=1`,
    {
      ...owner,
      bytes: labelMap,
      prefix: '/svc',
    },
  );
  expect(imported.status).toBe(201);
  id = imported.body.id;
}, 240_000);
afterAll(async () => u.t.close());

const as = (user: TestUser) => ({ token: user.token, team: u.team.slug });
const svc = (method: string, apiPath: string, who = owner) =>
  u.t.call(method, apiPath, { ...who, prefix: '/svc' });
const voxelsOfSegmentation = async (segmentation: number, revision: number) =>
  readNifti(await storedMask(u, ct, segmentation, revision)).voxels;
const voxelsOf = (revision: number) => voxelsOfSegmentation(id, revision);

describe('mask revisions', () => {
  it('remove-segment clears one value as a new revision, restore brings the old voxels back, both listed', async () => {
    const value = 5;
    const removedCount = file.filter((v) => v === value).length;
    expect(removedCount).toBeGreaterThan(0);
    const original = await storedMask(u, ct, id, 1);

    // The organize panel deletes the segment, then, its revision being above 0, removes its voxels.
    const segment = (await u.t.call('GET', `/annotator/studies/${ct.studyUuid}`, owner)).body.segmentations
      .find((s: { id: number }) => s.id === id)
      .segments.find((s: { value: number }) => s.value === value);
    const deleted = await u.t.call('PUT', `/annotator/segment/delete/${ct.uuid}/${id}/${segment.id}`, owner);
    expect(deleted.body).toMatchObject({ value, revision: 1 });
    const removed = await svc('PUT', `/v2/mask/remove-segment/${ct.uuid}/${id}/${value}`);
    expect(removed).toMatchObject({
      status: 200,
      body: { revision: 2, reason: 'remove-segment', datatype: 'uint8', created_by_name: 'Test User' },
    });
    const after = await voxelsOf(2);
    expect(after.includes(value)).toBe(false);
    expect(after.every((v, i) => v === (file[i] === value ? 0 : file[i]))).toBe(true);
    // The earlier revision is kept as it was, and served.
    expect((await storedMask(u, ct, id, 1)).equals(original)).toBe(true);
    const old = await download(u, `/v2/mask/${ct.uuid}/${id}?revision=1`, owner);
    expect(old.bytes.equals(original)).toBe(true);
    const current = await download(u, `/v2/mask/${ct.uuid}/${id}`, owner);
    expect(readNifti(current.bytes).voxels.equals(after)).toBe(true);

    const restored = await svc('PUT', `/v2/mask/restore/${ct.uuid}/${id}/1`);
    expect(restored).toMatchObject({ status: 200, body: { revision: 3, reason: 'restore' } });
    expect((await voxelsOf(3)).equals(file)).toBe(true);
    expect((await svc('PUT', `/v2/mask/restore/${ct.uuid}/${id}/99`)).status).toBe(404);
    expect((await download(u, `/v2/mask/${ct.uuid}/${id}?revision=99`, owner)).status).toBe(404);

    const list = await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`);
    expect(list.body.map((r: { revision: number; reason: string }) => [r.revision, r.reason])).toEqual([
      [3, 'restore'],
      [2, 'remove-segment'],
      [1, 'import'],
    ]);
    const segmentation = await u.t.db
      .selectFrom('segmentations')
      .select('mask_revision')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(segmentation.mask_revision).toBe(3);
  });

  it('answers 409 to remove-segment and 404 to the download before a mask exists', async () => {
    const created = await u.t.call('POST', `/annotator/segmentations/${ct.uuid}`, {
      ...owner,
      body: { structure: 'liver' },
    });
    expect(created.status).toBe(201);
    const bare: number = created.body.id;
    expect(await svc('PUT', `/v2/mask/remove-segment/${ct.uuid}/${bare}/1`)).toMatchObject({
      status: 409,
      body: { message: 'This segmentation has no mask yet.' },
    });
    expect((await download(u, `/v2/mask/${ct.uuid}/${bare}`, owner)).status).toBe(404);
    expect((await svc('GET', `/v2/mask/revisions/${ct.uuid}/${bare}`)).body).toEqual([]);
  });

  it('lets an unassigned member read the masks of a shared segmentation but change nothing, a Viewer neither; an assigned member changes them', async () => {
    const member = await buildMember(u.t, u.team, 'Member');
    const viewer = await buildMember(u.t, u.team, 'Viewer');
    const writes = [
      ['PUT', `/v2/mask/remove-segment/${ct.uuid}/${id}/6`],
      ['PUT', `/v2/mask/restore/${ct.uuid}/${id}/1`],
      ['POST', `/v2/create-mask/${ct.uuid}/${id}`],
    ] as const;
    for (const user of [member, viewer])
      for (const [method, apiPath] of writes) expect((await svc(method, apiPath, as(user))).status).toBe(403);
    expect((await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`, as(member))).status).toBe(200);
    expect((await download(u, `/v2/mask/${ct.uuid}/${id}`, as(member))).status).toBe(200);
    const viewerImport = await u.t.call('POST', `/v2/import-mask/${ct.uuid}?structure=liver`, {
      ...as(viewer),
      bytes: await storedMask(u, ct, id, 1),
      prefix: '/svc',
    });
    expect(viewerImport.status).toBe(403);

    await assignUser(u.t, u.team, { id }, member, u.team.roles.Member);
    const latest = (await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`)).body[0].revision;
    expect(await svc('PUT', `/v2/mask/remove-segment/${ct.uuid}/${id}/6`, as(member))).toMatchObject({
      status: 200,
      body: { revision: latest + 1 },
    });
  });

  it('answers 404 to another team on every mask path', async () => {
    const stranger = await buildUser(u.t);
    const other = await buildTeam(u.t, stranger);
    const who = { token: stranger.token, team: other.slug };
    const paths = [
      ['PUT', `/v2/mask/remove-segment/${ct.uuid}/${id}/5`],
      ['PUT', `/v2/mask/restore/${ct.uuid}/${id}/1`],
      ['GET', `/v2/mask/revisions/${ct.uuid}/${id}`],
      ['GET', `/v2/mask/${ct.uuid}/${id}`],
      ['POST', `/v2/create-mask/${ct.uuid}/${id}`],
      ['POST', `/v2/import-mask/${ct.uuid}?structure=liver`],
    ] as const;
    for (const [method, apiPath] of paths) expect((await svc(method, apiPath, who)).status).toBe(404);
    // Signed in to the right team, the caller is not a member of it.
    for (const [method, apiPath] of paths)
      expect((await svc(method, apiPath, { ...who, team: u.team.slug })).status).toBe(404);
  });

  it('accepts a readable segmentation (an AI result) as a new one of the caller’s: its live segments and current mask, the source untouched', async () => {
    const member = await buildMember(u.t, u.team, 'Member');
    const source = (
      await u.t.call('GET', `/annotator/studies/${ct.studyUuid}`, owner)
    ).body.segmentations.find((s: { id: number }) => s.id === id);
    const current = readNifti((await download(u, `/v2/mask/${ct.uuid}/${id}`, owner)).bytes).voxels;
    const accepted = await u.t.call('POST', `/annotator/segmentations/${ct.uuid}/${id}/accept`, {
      ...as(member),
      body: {},
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ rbac_enabled: false, mask_revision: 1 });
    expect(accepted.body.id).not.toBe(id);
    const titles = (segments: { title: string; value: number; color: string }[]) =>
      segments.map(({ title, value, color }) => ({ title, value, color }));
    expect(titles(accepted.body.segments)).toEqual(titles(source.segments));
    expect((await voxelsOfSegmentation(accepted.body.id, 1)).equals(current)).toBe(true);
    // The member owns the copy: they may change it.
    const copy = accepted.body.id;
    expect(await svc('PUT', `/v2/mask/restore/${ct.uuid}/${copy}/1`, as(member))).toMatchObject({
      status: 200,
    });
    expect((await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`)).body[0].revision).toBe(
      source.mask_revision,
    );

    const stranger = await buildUser(u.t);
    const other = await buildTeam(u.t, stranger);
    const who = { token: stranger.token, team: other.slug, body: {} };
    expect((await u.t.call('POST', `/annotator/segmentations/${ct.uuid}/${id}/accept`, who)).status).toBe(
      404,
    );
  });
});
