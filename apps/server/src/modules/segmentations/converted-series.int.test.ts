import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, settled, upload, type LocalSeries, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildStructure } from '../../../test/segmentation-factories';
import { maskKey, segmentationKey } from '../../platform/storage/layout';
import { seriesFolder } from '../studies/series-data';

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
    'is created once the series is done, listed by the organize view and deleted with its masks',
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
      // Where the masks helper writes: the series' own folder, as its conversion recorded it.
      const row = await u.t.db
        .selectFrom('series')
        .select(['team_id', 'uuid', 'data'])
        .where('uuid', '=', seriesUuid)
        .executeTakeFirstOrThrow();
      const folder = seriesFolder(row, study.uuid);
      await u.t.app.deps.storage.writeAtomic(maskKey(folder, id, 1), new Uint8Array([1]));
      const removed = await u.t.call('DELETE', `/annotator/segmentations/${seriesUuid}/${id}`, who);
      expect(removed.status).toBe(204);
      expect(existsSync(await u.t.app.deps.storage.path(segmentationKey(folder, id)))).toBe(false);
      // The series' own files are left as they were.
      expect(existsSync(await u.t.app.deps.storage.path(folder))).toBe(true);
    },
  );
});
