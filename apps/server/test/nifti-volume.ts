import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as nifti from 'nifti-reader-js';

/** A NIfTI file as conversion tests compare it (DESIGN.md): not by name, not by its JSON keys. */
export interface Volume {
  name: string;
  /** Where it was read. */
  file: string;
  /** The header's free text (dcm2niix writes TE and the acquisition time there). */
  descrip: string;
  dims: number[];
  datatype: number;
  sform: number[][];
  qform: number[];
  /** scl_slope and scl_inter. */
  scaling: [number, number];
  voxels: Buffer;
}

export async function readVolume(file: string): Promise<Volume> {
  const bytes = await readFile(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const header = nifti.readHeader(buffer);
  if (!header) throw new Error(`Not NIfTI: ${file}`);
  return {
    name: path.basename(file),
    file,
    descrip: header.description.replace(/\0+$/, ''),
    dims: header.dims.slice(0, (header.dims[0] ?? 0) + 1),
    datatype: header.datatypeCode,
    sform: header.affine,
    qform: [
      header.quatern_b,
      header.quatern_c,
      header.quatern_d,
      header.qoffset_x,
      header.qoffset_y,
      header.qoffset_z,
    ],
    scaling: [header.scl_slope, header.scl_inter],
    voxels: bytes.subarray(header.vox_offset),
  };
}

const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) < 1e-4);

export function sameVolume(output: Volume, reference: Volume): boolean {
  return (
    output.dims.join() === reference.dims.join() &&
    output.datatype === reference.datatype &&
    output.voxels.equals(reference.voxels) &&
    close(output.scaling, reference.scaling) &&
    close(output.sform.flat(), reference.sform.flat()) &&
    close(output.qform, reference.qform)
  );
}
