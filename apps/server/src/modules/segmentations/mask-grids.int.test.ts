import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import {
  convertedSeries,
  corpusSeries,
  expectSameGrid,
  readNifti,
  storedMask,
  type ConvertedSeries,
} from '../../../test/mask-flow';
import { buildStructure } from '../../../test/segmentation-factories';

/**
 * Masks on series of the corpus uploaded and converted for real: a CT, an oblique MR (a Siemens mosaic,
 * rotated about two axes) and a 4D EPI (two volumes). Created empty or imported, each keeps its series'
 * grid: the dims of one volume, voxel sizes, qform and sform byte for byte.
 */
type Header = ReturnType<typeof readNifti>['header'];
/** The largest off-diagonal entry of the affine: 0 for a series aligned with the scanner axes. */
const rotation = (h: Header) =>
  Math.max(
    ...[0, 1, 2].flatMap((r) => [0, 1, 2].filter((c) => c !== r).map((c) => Math.abs(h.affine[r]![c]!))),
  );
/** Each series, which of its files to upload, and what makes it that kind of series. */
const SERIES = [
  [
    'a CT',
    'segmentation/totalsegmentator/example_ct_dicom',
    () => true,
    (h: Header) => expect(h.dims.slice(0, 4)).toEqual([3, 512, 512, 20]),
  ],
  [
    'an oblique MR',
    'dicom/dcm_qa_ts',
    (name: string) => name === '1.dcm',
    (h: Header) => expect(rotation(h)).toBeGreaterThan(0.3),
  ],
  [
    'a 4D EPI',
    'dicom/dcm_qa_nih/20180918Si/mr_0003',
    (name: string) => name.endsWith('.dcm'),
    (h: Header) => expect(h.dims.slice(0, 5)).toEqual([4, 72, 72, 5, 2]),
  ],
] as const;

let u: Uploader;
let who: { token: string; team: string };
let structure: string;
const converted = new Map<string, ConvertedSeries>();
beforeAll(async () => {
  u = await newUploader();
  who = { token: u.owner.token, team: u.team.slug };
  structure = (await buildStructure(u.t, { team: u.team, slug: 'grid-check' })).slug;
  for (const [name, dir, only] of SERIES)
    converted.set(name, await convertedSeries(u, await corpusSeries(dir, only)));
}, 300_000);
afterAll(async () => u.t.close());

/** An int16 label map on the series' grid (one volume) with labels 0, 1, 2 cycling through the voxels. */
function labelMapOf(series: Buffer, volumes = 1): Buffer {
  const { header } = readNifti(series);
  const voxels = header.dims[1]! * header.dims[2]! * header.dims[3]!;
  const map = Buffer.alloc(352 + voxels * volumes * 2);
  series.copy(map, 0, 0, 348);
  map.writeInt16LE(volumes > 1 ? 4 : 3, 40); // dim[0]
  for (let i = 4; i <= 7; i++) map.writeInt16LE(i === 4 ? volumes : 1, 40 + 2 * i);
  map.writeInt16LE(4, 70); // int16
  map.writeInt16LE(16, 72);
  map.writeFloatLE(352, 108);
  map.writeFloatLE(1, 112);
  map.writeFloatLE(0, 116);
  for (let i = 0; i < voxels * volumes; i++) map.writeInt16LE(i % 3, 352 + 2 * i);
  return map;
}

describe.each(SERIES.map(([name, , , kind]) => [name, kind] as const))('a mask on %s', (name, kind) => {
  it('is created empty and imported on the series’ grid', { timeout: 60_000 }, async () => {
    const series = converted.get(name);
    if (!series) throw new Error(`${name} not converted`);
    const volume = await readFile(series.volumeFile);
    kind(readNifti(volume).header);
    const created = await u.t.call('POST', `/annotator/segmentations/${series.uuid}`, {
      ...who,
      body: { structure },
    });
    const id: number = created.body.id;
    const mask = await u.t.call('POST', `/v2/create-mask/${series.uuid}/${id}`, { ...who, prefix: '/svc' });
    expect(mask.status).toBe(201);
    const empty = await storedMask(u, series, id, 1);
    expectSameGrid(empty, volume);
    expect(readNifti(empty).voxels.every((v) => v === 0)).toBe(true);

    const labels = labelMapOf(volume);
    const imported = await u.t.call('POST', `/v2/import-mask/${series.uuid}?structure=${structure}`, {
      ...who,
      bytes: gzipSync(labels),
      prefix: '/svc',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.segments.map((s: { title: string }) => s.title)).toEqual(['Part 1', 'Part 2']);
    const stored = await storedMask(u, series, imported.body.id, 1);
    expectSameGrid(stored, volume);
    // uint8 now (every value at most 255), voxel for voxel the file's labels.
    const got = readNifti(stored);
    expect(got.header.datatypeCode).toBe(2);
    expect(got.voxels.byteLength).toBe(readNifti(labels).voxels.byteLength / 2);
    expect(got.voxels.every((v, i) => v === i % 3)).toBe(true);
  });
});

describe('a label map of several volumes', () => {
  it('is refused over a 4D series: a mask covers one volume', async () => {
    const series = converted.get('a 4D EPI');
    if (!series) throw new Error('not converted');
    const labels = labelMapOf(await readFile(series.volumeFile), 2);
    const imported = await u.t.call('POST', `/v2/import-mask/${series.uuid}?structure=${structure}`, {
      ...who,
      bytes: gzipSync(labels),
      prefix: '/svc',
    });
    expect(imported).toMatchObject({
      status: 422,
      body: { message: 'The label map holds 2 volumes; one is expected.' },
    });
  });
});
