import { readdir, readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import dcmjs, { type NaturalDataset } from 'dcmjs';
import * as nifti from 'nifti-reader-js';
import {
  placeInstances,
  readDicomHeader,
  type PlacedInstance,
  type SourceInstance,
  type Triple,
} from '@voxa/imaging';
import { conflict } from '../../http/errors';
import type { Storage, StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';

export const NO_DICOM = 'This series has no stored DICOM instances for a SEG to reference.';
export const MULTI_FRAME =
  'This series is stored as multi-frame DICOM; a SEG can reference single-frame instances only.';

/** The series' stored DICOM instances placed on its NIfTI grid, and its first instance's dataset. */
export interface SeriesPlacement {
  dims: Triple;
  placed: PlacedInstance[];
  source: NaturalDataset;
}

async function storedInstances(storage: Pick<Storage, 'path'>, folder: StorageKey): Promise<string[]> {
  const dir = await storage.path(seriesPartKey(folder, 'dicom'));
  const names = await readdir(dir).catch(() => []);
  return names
    .filter((n) => n.endsWith('.dcm'))
    .sort()
    .map((n) => `${dir}/${n}`);
}

/**
 * Reads the headers of the series' stored (de-identified when the team anonymises) DICOM files and
 * places them on the grid of `niftiHeader` (a mask's or the series' volume's first 348 bytes); 409 when
 * the series has none, multi-frame ones, or ones off its grid.
 */
export async function placeSeries(
  storage: Pick<Storage, 'path'>,
  folder: StorageKey,
  niftiHeader: Uint8Array,
): Promise<SeriesPlacement> {
  const files = await storedInstances(storage, folder);
  if (!files.length) throw conflict(NO_DICOM);
  const instances: SourceInstance[] = [];
  let source: NaturalDataset | undefined;
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const read = readDicomHeader(bytes, { inflateRaw: inflateRawSync });
    if (!read.ok) throw conflict(`${NO_DICOM} (${read.error})`);
    const h = read.header;
    if (h.numberOfFrames > 1) throw conflict(MULTI_FRAME);
    if (!h.sopInstanceUid || !h.sopClassUid || !h.rows || !h.columns) throw conflict(NO_DICOM);
    instances.push({
      sopClassUid: h.sopClassUid,
      sopInstanceUid: h.sopInstanceUid,
      rows: h.rows,
      columns: h.columns,
      imagePositionPatient: h.imagePositionPatient ?? [],
      imageOrientationPatient: h.imageOrientationPatient ?? [],
      pixelSpacing: h.pixelSpacing ?? [],
    });
    source ??= dcmjs.data.DicomMetaDictionary.naturalizeDataset(
      dcmjs.data.DicomMessage.readFile(bytes.slice().buffer).dict,
    );
  }
  const header = nifti.readHeader(niftiHeader.slice(0, 348).buffer);
  if (!header) throw conflict('The series’ NIfTI header cannot be read.');
  const dims: Triple = [header.dims[1] ?? 1, header.dims[2] ?? 1, header.dims[3] ?? 1];
  const placement = placeInstances(header.affine, dims, instances);
  if (!placement.ok) throw conflict(placement.error);
  return { dims, placed: placement.placed, source: source ?? {} };
}
