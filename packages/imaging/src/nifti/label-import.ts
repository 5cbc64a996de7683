import * as nifti from 'nifti-reader-js';
import { gridMismatch } from './label-grid';
import { labelVoxels } from './label-voxels';
import { parseNifti } from './read-header';

/**
 * An imported label map read against the series it goes over (docs/decisions/0032): 400 for what is not
 * a readable NIfTI, 422 for one off the series' grid or holding values that are not labels.
 */
export type LabelMapImport =
  { ok: true; labels: Uint16Array; present: number[] } | { ok: false; status: 400 | 422; error: string };

const fileOf = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength &&
  bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : bytes.slice().buffer;

/**
 * `file`: the label map's .nii bytes, inflated already (the caller bounds the inflation, and a strict
 * inflater refuses a truncated .nii.gz, which a lenient one would half read). `seriesHeader`:
 * the first 348 bytes of the series' NIfTI-1 file.
 */
export function readLabelMap(file: Uint8Array, seriesHeader: Uint8Array): LabelMapImport {
  const parsed = parseNifti(fileOf(file));
  if (!parsed.ok) return { ok: false, status: 400, error: `${parsed.error}.` };
  const series = nifti.readHeader(fileOf(seriesHeader.slice(0, 348)));
  const mismatch = gridMismatch(parsed.raw, series);
  if (mismatch) return { ok: false, status: 422, error: mismatch };
  const voxels = (parsed.raw.dims[1] ?? 1) * (parsed.raw.dims[2] ?? 1) * (parsed.raw.dims[3] ?? 1);
  const read = labelVoxels(parsed.raw, parsed.data, voxels);
  return read.ok ? read : { ok: false, status: 422, error: read.error };
}
