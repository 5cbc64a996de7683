import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as nifti from 'nifti-reader-js';
import { expect } from 'vitest';
import { maskKey, seriesPartKey } from '../src/platform/storage/layout';
import { readSeriesData, seriesFolder } from '../src/modules/studies/series-data';
import type { StorageKey } from '../src/platform/storage';
import { settled, upload, type LocalSeries, type Uploader } from './conversion-flow';
import { TESTDATA_DIR } from './corpus';

/** A folder of the corpus (or some of its files) as one series to upload. */
export async function corpusSeries(
  relativeDir: string,
  only?: (name: string) => boolean,
): Promise<LocalSeries> {
  const dir = path.join(TESTDATA_DIR, relativeDir);
  const names = (await readdir(dir)).filter((n) => only?.(n) ?? true).sort();
  return {
    id: relativeDir,
    files: await Promise.all(
      names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(dir, name))) })),
    ),
  };
}

export interface ConvertedSeries {
  uuid: string;
  studyUuid: string;
  folder: StorageKey;
  /** The series' first NIfTI volume, as its conversion wrote it. */
  volumeFile: string;
}

/** Uploads one series, waits for its real conversion and answers where its files are. */
export async function convertedSeries(u: Uploader, local: LocalSeries): Promise<ConvertedSeries> {
  const { study } = await upload(u, [local], { anonymize: true, patientName: 'ANON-MASK', studyUid: null });
  const [series] = await settled(u, study.id);
  expect(series?.status).toBe('done');
  const row = await u.t.db
    .selectFrom('series')
    .select(['team_id', 'uuid', 'data'])
    .where('uuid', '=', series?.uuid ?? '')
    .executeTakeFirstOrThrow();
  const folder = seriesFolder(row, study.uuid);
  const volume = readSeriesData(row.data).nifti?.[0] ?? '';
  return {
    uuid: row.uuid,
    studyUuid: study.uuid,
    folder,
    volumeFile: await u.t.app.deps.storage.path([...seriesPartKey(folder, 'nifti'), volume]),
  };
}

/** A NIfTI file's header (nifti-reader-js) and voxel bytes; gzipped files are inflated. */
export function readNifti(bytes: Uint8Array) {
  const file = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : Buffer.from(bytes);
  const header = nifti.readHeader(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const voxels = header.dims.slice(1, 4).reduce((a, b) => a * b, 1) * (header.numBitsPerVoxel / 8);
  return { header, file, voxels: file.subarray(header.vox_offset, header.vox_offset + voxels) };
}

/** The stored file of a mask revision. */
export async function storedMask(
  u: Uploader,
  series: ConvertedSeries,
  segmentationId: number,
  revision: number,
) {
  return readFile(await u.t.app.deps.storage.path(maskKey(series.folder, segmentationId, revision)));
}

/** GET of a binary answer: its status and bytes. */
export async function download(u: Uploader, apiPath: string, who: { token: string; team: string }) {
  const res = await fetch(`${u.t.url}/svc${apiPath}`, {
    headers: { authorization: `Bearer ${who.token}`, team: who.team },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    revision: res.headers.get('x-mask-revision'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/**
 * The grid a mask must keep of its series (decision 0030): the dims of one volume, and byte for byte the
 * voxel sizes, qform and sform (codes, quaternion, offsets, srow_x/y/z).
 */
export function expectSameGrid(mask: Uint8Array, series: Uint8Array) {
  const m = readNifti(mask);
  const s = readNifti(series);
  expect(m.header.dims.slice(0, 4)).toEqual([3, ...s.header.dims.slice(1, 4)]);
  const bytes = (file: Buffer, from: number, to: number) => [...file.subarray(from, to)];
  expect(bytes(m.file, 80, 92)).toEqual(bytes(s.file, 80, 92)); // pixdim[1..3]
  expect(bytes(m.file, 252, 328)).toEqual(bytes(s.file, 252, 328)); // qform, sform
  expect(m.header.affine).toEqual(s.header.affine);
}
