import { existsSync } from 'node:fs';
import os from 'node:os';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, settled, upload, type LocalSeries, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildStructure } from '../../../test/segmentation-factories';
import { readVolume } from '../../../test/nifti-volume';
import { maskKey, segmentationKey, seriesPartKey } from '../../platform/storage/layout';
import { readSeriesData, seriesFolder } from '../studies/series-data';

/**
 * A segmentation of a series uploaded and converted for real (the TotalSegmentator example CT, 20 JPEG
 * 2000 slices): made once the series is done, shown by the organize view, and deleted with its masks
 * from the folder the conversion wrote.
 */
let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

async function exampleCt(): Promise<LocalSeries> {
  const dir = path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator', 'example_ct_dicom');
  const names = (await readdir(dir)).sort();
  return {
    id: 'example_ct',
    files: await Promise.all(
      names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(dir, name))) })),
    ),
  };
}

describe('a segmentation of a converted series', () => {
  it(
    'is created once the series is done, gets its empty mask on the series’ grid, is listed by the organize view and deleted with its masks',
    { timeout: 120_000 },
    async () => {
      const who = { token: u.owner.token, team: u.team.slug };
      const structure = await buildStructure(u.t, { slug: 'test-liver', title: 'Liver' });
      const { study } = await upload(u, [await exampleCt()], {
        anonymize: true,
        patientName: 'ANON-SEG',
        studyUid: null,
      });
      const [series] = await settled(u, study.id);
      expect(series?.status).toBe('done');
      const seriesUuid = series?.uuid ?? '';
      const created = await u.t.call('POST', `/annotator/segmentations/${seriesUuid}`, {
        ...who,
        body: { structure: structure.slug, rbac: 1 },
      });
      expect(created.status).toBe(201);
      const id: number = created.body.id;
      const segment = await u.t.call('POST', `/annotator/segment/create/${seriesUuid}/${id}`, who);
      expect(segment.body).toMatchObject({ title: 'Part 1', value: 1 });
      const organize = await u.t.call('GET', `/annotator/studies/${study.uuid}`, who);
      expect(organize.body.segmentations).toEqual([
        expect.objectContaining({ id, series_uuid: seriesUuid, segments: [segment.body] }),
      ]);
      expect(organize.body.study.segmentations).toEqual([expect.objectContaining({ id, item_count: 1 })]);
      // Masks live in the series' own folder, as its conversion recorded it.
      const row = await u.t.db
        .selectFrom('series')
        .select(['team_id', 'uuid', 'data'])
        .where('uuid', '=', seriesUuid)
        .executeTakeFirstOrThrow();
      const folder = seriesFolder(row, study.uuid);
      // The empty mask: on the series' grid, every voxel 0 (decision 0030).
      const mask = await u.t.call('POST', `/v2/create-mask/${seriesUuid}/${id}`, { ...who, prefix: '/svc' });
      expect(mask).toMatchObject({ status: 201, body: { revision: 1, reason: 'create', datatype: 'uint8' } });
      const again = await u.t.call('POST', `/v2/create-mask/${seriesUuid}/${id}`, { ...who, prefix: '/svc' });
      expect(again.status).toBe(409);
      const maskFile = path.join(u.t.app.deps.storage.root, ...maskKey(folder, id, 1));
      const unzipped = path.join(os.tmpdir(), `mask-${id}-${Date.now()}.nii`);
      await writeFile(unzipped, gunzipSync(await readFile(maskFile)));
      const volume = readSeriesData(row.data).nifti?.[0] ?? '';
      const seriesVolume = await readVolume(
        await u.t.app.deps.storage.path([...seriesPartKey(folder, 'nifti'), volume]),
      );
      const maskVolume = await readVolume(unzipped);
      await rm(unzipped);
      expect(maskVolume.dims).toEqual(seriesVolume.dims.slice(0, 4).map((d, i) => (i === 0 ? 3 : d)));
      expect(maskVolume.sform).toEqual(seriesVolume.sform);
      expect(maskVolume.qform).toEqual(seriesVolume.qform);
      expect(maskVolume.datatype).toBe(2);
      expect(maskVolume.voxels.every((v) => v === 0)).toBe(true);
      const removed = await u.t.call('DELETE', `/annotator/segmentations/${seriesUuid}/${id}`, who);
      expect(removed.status).toBe(204);
      expect(existsSync(await u.t.app.deps.storage.path(segmentationKey(folder, id)))).toBe(false);
      // The series' own files are left as they were.
      expect(existsSync(await u.t.app.deps.storage.path(folder))).toBe(true);
    },
  );
});
