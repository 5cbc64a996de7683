import { readFile } from 'node:fs/promises';
import {
  EXPORT_NOT_DONE,
  MIXED_MODALITIES,
  NOT_ANONYMISED,
  type DatasetExport,
  type DatasetExportProgress,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { convertedSeries, corpusSeries, readNifti, type ConvertedSeries } from '../../../test/mask-flow';
import { buildSegmentation, buildStructure } from '../../../test/segmentation-factories';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { bandLabelMap } from '../../../test/threshold-mask';
import { readZipEntries } from '../../../test/zip-reader';

/**
 * /admin/masterarbeit's API (decision 0063): TotalSegmentator's example CT uploaded anonymised and
 * converted for real, a two-label mask (values 3 and 7) imported on it; an administrator exports it as an
 * nnU-Net dataset and the zip is opened: dataset.json, image and label of one grid, labels renumbered.
 */
let u: Uploader;
let admin: TestUser;
let ct: ConvertedSeries;
let structureId: number;
let segmentationId: number;
/** The imported mask's voxels per stored value. */
let storedCounts: Map<number, number>;
/** A segmentation (mask row only) of a study uploaded without anonymisation, same structure. */
let plainSegmentationId: number;
/** An anonymised MR study's segmentation, same structure. */
let mrSegmentationId: number;
let other: TestTeam;
let otherSegmentationId: number;

const as = (user: TestUser) => ({ token: user.token });
const call = (method: string, path: string, body?: unknown, user: TestUser = admin) =>
  u.t.call(method, path, { ...as(user), body });
const exportBody = (ids: number[], extra: Record<string, unknown> = {}) => ({
  team_id: u.team.id,
  structure_id: structureId,
  segmentation_ids: ids,
  dataset_id: 501,
  name: 'Body',
  ...extra,
});

async function download(id: number, user: TestUser = admin) {
  const res = await fetch(`${u.t.url}/api/admin/masterarbeit/exports/${id}/download`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

function counts(voxels: Uint8Array | Uint16Array): Map<number, number> {
  const seen = new Map<number, number>();
  for (const v of voxels) seen.set(v, (seen.get(v) ?? 0) + 1);
  return seen;
}

/** An anonymised or plain study with one series and a segmentation whose mask row exists (no file). */
async function maskRowCase(team: TestTeam, opts: { anonymise: boolean; modality: string }) {
  const study = await buildStudy(u.t, team);
  await u.t.db
    .updateTable('studies')
    .set({
      data: JSON.stringify({ patientName: 'Case', modality: opts.modality, anonymize: opts.anonymise }),
    })
    .where('id', '=', study.id)
    .execute();
  const series = await buildSeries(u.t, team, study);
  await u.t.db
    .updateTable('series')
    .set({ modality_code: opts.modality })
    .where('id', '=', series.id)
    .execute();
  const segmentation = await buildSegmentation(u.t, team, series, { structure: { id: structureId } });
  await u.t.db
    .updateTable('segmentations')
    .set({ mask_revision: 1 })
    .where('id', '=', segmentation.id)
    .execute();
  return segmentation.id;
}

beforeAll(async () => {
  u = await newUploader();
  admin = await buildUser(u.t, { admin: true, name: 'Ada Admin' });
  await buildStructure(u.t, { slug: 'dataset-body' });
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  // The test upload calls every series MR unless told; this one is TotalSegmentator's CT.
  await u.t.db.updateTable('series').set({ modality_code: 'CT' }).where('uuid', '=', ct.uuid).execute();
  const labelMap = bandLabelMap(await readFile(ct.volumeFile), [
    { above: 300, value: 3 },
    { above: -500, value: 7 },
  ]);
  storedCounts = counts(readNifti(labelMap).voxels);
  const imported = await u.t.call('POST', `/v2/import-mask/${ct.uuid}?structure=dataset-body`, {
    token: u.owner.token,
    team: u.team.slug,
    bytes: labelMap,
    prefix: '/svc',
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  segmentationId = imported.body.id;
  for (const [value, title] of [
    [3, 'Bone'],
    [7, 'Body'],
  ] as const)
    await u.t.db
      .updateTable('segments')
      .set({ title })
      .where('segmentation_id', '=', segmentationId)
      .where('value', '=', value)
      .execute();
  const row = await u.t.db
    .selectFrom('segmentations')
    .select('structure_id')
    .where('id', '=', segmentationId)
    .executeTakeFirstOrThrow();
  structureId = row.structure_id;
  plainSegmentationId = await maskRowCase(u.team, { anonymise: false, modality: 'CT' });
  mrSegmentationId = await maskRowCase(u.team, { anonymise: true, modality: 'MR' });
  const otherOwner = await buildUser(u.t);
  other = await buildTeam(u.t, otherOwner);
  const otherStudy = await buildStudy(u.t, other);
  const otherSeries = await buildSeries(u.t, other, otherStudy);
  otherSegmentationId = (
    await buildSegmentation(u.t, other, otherSeries, {
      structure: await buildStructure(u.t, { team: other }),
    })
  ).id;
}, 300_000);
afterAll(async () => u.t.close());

describe('dataset exports: access', () => {
  it('answers 401 without a token and 403 to a team Owner who is no administrator', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', `/admin/masterarbeit/teams/${u.team.id}/structures`],
      ['GET', `/admin/masterarbeit/teams/${u.team.id}/candidates?structure_id=${structureId}`],
      ['GET', '/admin/masterarbeit/exports'],
      ['POST', '/admin/masterarbeit/exports', exportBody([segmentationId])],
      ['GET', '/admin/masterarbeit/exports/1/download'],
    ];
    for (const [method, path, body] of paths) {
      expect((await u.t.call(method, path, { body })).status, path).toBe(401);
      expect((await call(method, path, body, u.owner)).status, path).toBe(403);
    }
  });

  it('answers 404 for a team, structure or export that does not exist', async () => {
    expect((await call('GET', '/admin/masterarbeit/teams/999999/structures')).status).toBe(404);
    expect(
      (await call('GET', `/admin/masterarbeit/teams/999999/candidates?structure_id=${structureId}`)).status,
    ).toBe(404);
    expect(
      (await call('GET', `/admin/masterarbeit/teams/${u.team.id}/candidates?structure_id=999999`)).status,
    ).toBe(404);
    expect(
      (await call('POST', '/admin/masterarbeit/exports', exportBody([segmentationId], { team_id: 999999 })))
        .status,
    ).toBe(404);
    expect((await call('GET', '/admin/masterarbeit/exports/999999/download')).status).toBe(404);
  });

  it('keeps teams apart: another team’s segmentation or own structure named with this team answers 404', async () => {
    const foreign = await call(
      'POST',
      '/admin/masterarbeit/exports',
      exportBody([segmentationId, otherSegmentationId]),
    );
    expect(foreign.status).toBe(404);
    const otherStructure = await u.t.db
      .selectFrom('segmentations')
      .select('structure_id')
      .where('id', '=', otherSegmentationId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await call(
          'GET',
          `/admin/masterarbeit/teams/${u.team.id}/candidates?structure_id=${otherStructure.structure_id}`,
        )
      ).status,
    ).toBe(404);
    const candidates = await call(
      'GET',
      `/admin/masterarbeit/teams/${other.id}/candidates?structure_id=${structureId}`,
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body).toEqual([]);
  });
});

describe('dataset exports: choosing', () => {
  it('lists the structures with masks, counting the exportable (anonymised, converted) ones', async () => {
    const res = await call('GET', `/admin/masterarbeit/teams/${u.team.id}/structures`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: structureId, slug: 'dataset-body', with_mask: 3, exportable: 2 }),
    ]);
  });

  it('lists the candidates with their segments and whether their study is anonymised', async () => {
    const res = await call(
      'GET',
      `/admin/masterarbeit/teams/${u.team.id}/candidates?structure_id=${structureId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(
      res.body.find((c: { segmentation_id: number }) => c.segmentation_id === segmentationId),
    ).toMatchObject({
      series: { uuid: ct.uuid },
      study: { uuid: ct.studyUuid, name: 'ANON-MASK' },
      modality: 'CT',
      segments: ['Bone', 'Body'],
      anonymised: true,
    });
    expect(
      res.body.find((c: { segmentation_id: number }) => c.segmentation_id === plainSegmentationId),
    ).toMatchObject({ anonymised: false });
  });

  it('refuses a study that is not anonymised, mixed modalities and malformed bodies (422)', async () => {
    const plain = await call(
      'POST',
      '/admin/masterarbeit/exports',
      exportBody([segmentationId, plainSegmentationId]),
    );
    expect(plain.status).toBe(422);
    expect(plain.body.message).toBe(NOT_ANONYMISED);
    const mixed = await call(
      'POST',
      '/admin/masterarbeit/exports',
      exportBody([segmentationId, mrSegmentationId]),
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toBe(MIXED_MODALITIES);
    for (const bad of [
      exportBody([segmentationId], { name: '../evil' }),
      exportBody([segmentationId], { name: 'a b' }),
      exportBody([segmentationId], { dataset_id: 1000 }),
      exportBody([]),
      { ...exportBody([segmentationId]), extra: 1 },
    ])
      expect((await call('POST', '/admin/masterarbeit/exports', bad)).status, JSON.stringify(bad)).toBe(422);
    expect((await call('GET', '/admin/masterarbeit/exports')).body).toEqual([]);
  });

  it('answers 409 to the download of an export not done yet', async () => {
    const row = await u.t.db
      .insertInto('dataset_exports')
      .values({
        team_id: u.team.id,
        structure_id: structureId,
        segmentation_ids: JSON.stringify([segmentationId]),
        dataset_id: 502,
        name: 'Waiting',
        state: 'running',
        cases_total: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { res, bytes } = await download(row.id);
    expect(res.status).toBe(409);
    expect(JSON.parse(bytes.toString()).message).toBe(EXPORT_NOT_DONE);
    await u.t.db.deleteFrom('dataset_exports').where('id', '=', row.id).execute();
  });
});

describe('dataset exports: a real export', () => {
  it('writes the nnU-Net raw layout of the converted CT and its mask, told over the socket, downloaded and audited', async () => {
    const socket = await connectSocket(u.t, admin.token);
    const progress = collect<DatasetExportProgress>(socket, 'dataset-export:progress');
    const created = await call('POST', '/admin/masterarbeit/exports', exportBody([segmentationId]));
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      folder: 'Dataset501_Body',
      cases_total: 1,
      team: { id: u.team.id },
    });
    const id = created.body.id as number;
    let ended: DatasetExport | undefined;
    await eventually(async () => {
      const list = (await call('GET', '/admin/masterarbeit/exports')).body as DatasetExport[];
      ended = list.find((e) => e.id === id && (e.state === 'done' || e.state === 'failed'));
      return ended !== undefined;
    }, 120_000);
    expect(ended).toMatchObject({ state: 'done', cases_done: 1, error: null, created_by: 'Ada Admin' });
    await eventually(() => progress.some((p) => p.state === 'done'));
    expect(progress.map((p) => [p.state, p.cases_done])).toEqual([
      ['running', 0],
      ['running', 1],
      ['done', 1],
    ]);
    socket.close();

    const { res, bytes } = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Dataset501_Body.zip"');
    expect(bytes.length).toBe(ended?.size);
    const files = await readZipEntries(bytes);
    expect([...files.keys()].sort()).toEqual([
      'Dataset501_Body/dataset.json',
      'Dataset501_Body/imagesTr/Body_001_0000.nii.gz',
      'Dataset501_Body/labelsTr/Body_001.nii.gz',
    ]);
    const json = JSON.parse(files.get('Dataset501_Body/dataset.json')?.toString() ?? '{}');
    expect(json).toMatchObject({
      channel_names: { '0': 'CT' },
      labels: { background: 0, Bone: 1, Body: 2 },
      numTraining: 1,
      file_ending: '.nii.gz',
    });

    const image = readNifti(files.get('Dataset501_Body/imagesTr/Body_001_0000.nii.gz') ?? Buffer.alloc(0));
    const label = readNifti(files.get('Dataset501_Body/labelsTr/Body_001.nii.gz') ?? Buffer.alloc(0));
    const stored = readNifti(await readFile(ct.volumeFile));
    expect(image.header.dims.slice(1, 4)).toEqual(stored.header.dims.slice(1, 4));
    expect(label.header.dims.slice(1, 4)).toEqual(image.header.dims.slice(1, 4));
    expect(label.header.affine).toEqual(image.header.affine);
    // The image's voxels are the stored volume's, byte for byte.
    expect(image.voxels.equals(stored.voxels)).toBe(true);
    expect(image.header.description).toBe('');
    // Labels renumbered: stored 3 (Bone) is 1, stored 7 (Body) is 2, every label one dataset.json names.
    const exported = counts(label.voxels);
    expect([...exported.keys()].sort()).toEqual(Object.values(json.labels).sort());
    expect(exported.get(1)).toBe(storedCounts.get(3));
    expect(exported.get(2)).toBe(storedCounts.get(7));
    expect(exported.get(0)).toBe(storedCounts.get(0));

    const audit = await u.t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'dataset-export.download')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, team_id: u.team.id });
    expect(audit[0]?.subject).toContain('Dataset501_Body');
  }, 180_000);

  it('fails an export whose case cannot be read, saying why', async () => {
    const created = await call(
      'POST',
      '/admin/masterarbeit/exports',
      exportBody([mrSegmentationId], { name: 'Gone' }),
    );
    expect(created.status).toBe(202);
    await eventually(async () => {
      const row = await u.t.db
        .selectFrom('dataset_exports')
        .select(['state', 'error'])
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      return row.state === 'failed';
    }, 30_000);
    const list = (await call('GET', '/admin/masterarbeit/exports')).body as DatasetExport[];
    // The MR case's series has no converted volume: refused with a reason, not a retry loop.
    expect(list.find((e) => e.id === created.body.id)).toMatchObject({
      state: 'failed',
      error: 'A series of this export has no converted volume.',
    });
  });
});
