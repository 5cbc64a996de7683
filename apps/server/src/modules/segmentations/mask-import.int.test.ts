import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import {
  convertedSeries,
  corpusSeries,
  download,
  expectSameGrid,
  readNifti,
  storedMask,
  type ConvertedSeries,
} from '../../../test/mask-flow';
import { buildStructure } from '../../../test/segmentation-factories';
import { titleOf } from '../../platform/db/migrations/0010-structure-catalogue';
import { TOTALSEGMENTATOR_COLOURS } from '../../platform/db/migrations/totalsegmentator-colours';
import { segmentationKey, seriesPartKey } from '../../platform/storage/layout';

/**
 * Importing TotalSegmentator's own label map of the example CT over that CT's DICOM series, uploaded and
 * converted for real; and what an import refuses, leaving nothing behind.
 */
const TOTALSEGMENTATOR = path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator');
/** Above an int16 label map of the CT's grid (10.5 MB inflated), below a float32 one (21 MB). */
const LIMIT = 12_000_000;

let u: Uploader;
let ct: ConvertedSeries;
let who: { token: string; team: string };
let labelMap: Buffer;
beforeAll(async () => {
  u = await newUploader({ MASK_IMPORT_MAX_BYTES: String(LIMIT) });
  who = { token: u.owner.token, team: u.team.slug };
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  labelMap = await readFile(path.join(TOTALSEGMENTATOR, 'example_seg_dicom.nii.gz'));
}, 240_000);
afterAll(async () => u.t.close());

const svc = (method: string, apiPath: string, opts: { bytes?: Uint8Array } = {}) =>
  u.t.call(method, apiPath, { ...who, ...opts, prefix: '/svc' });
const importMask = (bytes: Uint8Array | undefined, query = 'structure=totalsegmentator-total&rbac=1') =>
  svc('POST', `/v2/import-mask/${ct.uuid}?${query}`, bytes ? { bytes } : {});

/** An int16 label map of zeros on the CT's grid: its converted volume's header, unscaled. */
async function int16LabelMap(): Promise<Buffer> {
  const labels = Buffer.alloc(352 + 512 * 512 * 20 * 2);
  (await readFile(ct.volumeFile)).copy(labels, 0, 0, 352);
  labels.writeInt16LE(4, 70); // datatype int16
  labels.writeInt16LE(16, 72);
  labels.writeFloatLE(352, 108); // vox_offset
  labels.writeFloatLE(1, 112); // scl_slope
  labels.writeFloatLE(0, 116); // scl_inter
  return labels;
}

/** The non-zero values of a label map's voxels, ascending. */
function valuesIn(voxels: Uint8Array): number[] {
  const seen = new Set<number>(voxels);
  seen.delete(0);
  return [...seen].sort((a, b) => a - b);
}

describe('importing a NIfTI label map over a converted series', () => {
  it(
    'makes one segment per label present, named from the class map, and a mask voxel-equal to the file on the series’ header',
    { timeout: 60_000 },
    async () => {
      const classMap: { total: Record<string, string> } = JSON.parse(
        await readFile(path.join(TOTALSEGMENTATOR, 'class_map.json'), 'utf8'),
      );
      const file = readNifti(labelMap);
      const present = valuesIn(file.voxels);
      expect(present).toHaveLength(31);

      const imported = await importMask(labelMap);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body).toMatchObject({
        series_uuid: ct.uuid,
        rbac_enabled: true,
        mask_revision: 1,
        structure: { slug: 'totalsegmentator-total' },
      });
      const segments: { value: number; title: string; sort: number; revision: number; color: string }[] =
        imported.body.segments;
      expect(segments.map((s) => s.value)).toEqual(present);
      expect(segments.map((s) => s.title)).toEqual(
        present.map((v) => titleOf(classMap.total[String(v)] ?? '')),
      );
      expect(segments.every((s) => s.sort === s.value && s.revision === 1)).toBe(true);
      // Each class's colour from the catalogue, 31 colours for 31 classes (decision 0098).
      const detail = await u.t.call('GET', '/structures/totalsegmentator-total', who);
      const catalogue = new Map(
        (detail.body.classes as { value: number; color: string | null }[]).map((c) => [c.value, c.color]),
      );
      expect(segments.map((s) => s.color)).toEqual(present.map((v) => catalogue.get(v)));
      expect(new Set(segments.map((s) => s.color)).size).toBe(31);
      expect(segments.map((s) => s.color)).toEqual(
        present.map((v) => TOTALSEGMENTATOR_COLOURS[classMap.total[String(v)] ?? '']),
      );

      const id: number = imported.body.id;
      const stored = readNifti(await storedMask(u, ct, id, 1));
      expect(stored.header.datatypeCode).toBe(2);
      expect(stored.voxels.equals(file.voxels)).toBe(true);
      expectSameGrid(await storedMask(u, ct, id, 1), await readFile(ct.volumeFile));

      const revisions = await svc('GET', `/v2/mask/revisions/${ct.uuid}/${id}`);
      expect(revisions.body).toEqual([
        expect.objectContaining({
          revision: 1,
          reason: 'import',
          datatype: 'uint8',
          created_by_name: 'Test User',
        }),
      ]);
      const got = await download(u, `/v2/mask/${ct.uuid}/${id}`, who);
      expect(got).toMatchObject({ status: 200, type: 'application/octet-stream' });
      expect(got.bytes.equals(await storedMask(u, ct, id, 1))).toBe(true);
    },
  );

  it(
    'converts an int16 label map to uint16 and names segments Part N for a structure without classes',
    { timeout: 60_000 },
    async () => {
      const structure = await buildStructure(u.t, { team: u.team, slug: 'imported-parts' });
      const labels = await int16LabelMap();
      const voxels = new Int16Array(labels.buffer, labels.byteOffset + 352, 512 * 512 * 20);
      voxels[5] = 300;
      voxels[1000] = 2;
      const imported = await importMask(gzipSync(labels), `structure=${structure.slug}`);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.segments).toEqual([
        expect.objectContaining({ value: 2, sort: 2, title: 'Part 2' }),
        expect.objectContaining({ value: 300, sort: 300, title: 'Part 300', color: '#3cb44b' }),
      ]);
      const stored = readNifti(await storedMask(u, ct, imported.body.id, 1));
      expect(stored.header.datatypeCode).toBe(512);
      const expected = Buffer.alloc(512 * 512 * 20 * 2);
      expected.writeUInt16LE(300, 10);
      expected.writeUInt16LE(2, 2000);
      expect(stored.voxels.equals(expected)).toBe(true);
      // A segment added later takes a value above every imported one.
      const next = await u.t.call('POST', `/annotator/segment/create/${ct.uuid}/${imported.body.id}`, who);
      expect(next.body).toMatchObject({ value: 301, title: 'Part 301', color: '#ffe119' });
    },
  );

  it('refuses malformed, truncated, foreign-grid and non-label files, leaving no rows or files', async () => {
    const before = await u.t.db.selectFrom('segmentations').select('id').execute();
    const segmentationsDir = await u.t.app.deps.storage.path(seriesPartKey(ct.folder, 'segmentations'));
    const filesBefore = existsSync(segmentationsDir) ? await readdir(segmentationsDir) : [];

    expect(await importMask(undefined)).toMatchObject({ status: 400 });
    expect(await importMask(labelMap.subarray(0, labelMap.byteLength - 5000))).toMatchObject({
      status: 400,
      body: { message: 'The .nii.gz file could not be decompressed.' },
    });
    expect(await importMask(new TextEncoder().encode('not a NIfTI file, only words'))).toMatchObject({
      status: 400,
      body: { message: 'Not a NIfTI file.' },
    });
    const inflated = readNifti(labelMap).file;
    expect(await importMask(gzipSync(inflated.subarray(0, inflated.byteLength - 100)))).toMatchObject({
      status: 400,
      body: { message: 'The NIfTI file is shorter than its header says.' },
    });
    const otherCt = await readFile(path.join(TOTALSEGMENTATOR, 'example_seg.nii.gz'));
    expect(await importMask(otherCt)).toMatchObject({
      status: 422,
      body: { message: 'The label map is 122 x 101 x 30 voxels; the series is 512 x 512 x 20.' },
    });
    // Stored 3 with a slope of 0.5: the label would be 1.5.
    const halves = await int16LabelMap();
    halves.writeFloatLE(0.5, 112);
    halves.writeInt16LE(3, 352 + 2 * 7);
    expect(await importMask(gzipSync(halves))).toMatchObject({
      status: 422,
      body: { message: 'The label map holds 1.5, which is not a whole number (voxel 7).' },
    });
    const offGrid = (await int16LabelMap()).subarray(0, 352 + 512 * 512 * 10 * 2);
    offGrid.writeInt16LE(10, 46); // dim[3]
    expect(await importMask(gzipSync(offGrid))).toMatchObject({
      status: 422,
      body: { message: 'The label map is 512 x 512 x 10 voxels; the series is 512 x 512 x 20.' },
    });
    // A float32 map of the grid inflates past the limit; a body past it is refused before it is read.
    const floats = Buffer.alloc(352 + 512 * 512 * 20 * 4);
    (await readFile(ct.volumeFile)).copy(floats, 0, 0, 352);
    floats.writeInt16LE(16, 70);
    floats.writeInt16LE(32, 72);
    expect(await importMask(gzipSync(floats))).toMatchObject({
      status: 413,
      body: { message: `The label map is larger than ${LIMIT} bytes once decompressed.` },
    });
    expect(await importMask(Buffer.alloc(LIMIT + 1, 1))).toMatchObject({
      status: 413,
      body: { message: `The request body is larger than the limit of ${LIMIT} bytes.` },
    });
    expect(await importMask(labelMap, 'structure=no-such-structure')).toMatchObject({ status: 404 });

    expect(await u.t.db.selectFrom('segmentations').select('id').execute()).toEqual(before);
    expect(existsSync(segmentationsDir) ? await readdir(segmentationsDir) : []).toEqual(filesBefore);
    expect(existsSync(await u.t.app.deps.storage.path(segmentationKey(ct.folder, 999_999)))).toBe(false);
  });
});
