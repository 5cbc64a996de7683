import { readDicomHeader } from '../dicom/read-header';
import { readNiftiHeader } from '../nifti/read-header';
import type { DicomHeader, NiftiHeader } from '../types';

/** What the reader needs of a browser `File` (or a Node `Blob` in tests). */
export interface ReadableFile {
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
  /** The whole file's bytes, when it can give them without a slice (a browser `File`, a `Blob`). */
  arrayBuffer?(): Promise<ArrayBuffer>;
}

/** Bytes read first from a DICOM file; headers (up to Pixel Data) nearly always fit. */
export const DICOM_PREFIX_BYTES = 256 * 1024;

export type FileHeaderResult =
  | { type: 'dcm'; ok: true; header: DicomHeader }
  | { type: 'nii'; ok: true; header: NiftiHeader }
  | { type: 'dcm' | 'nii'; ok: false; error: string };

async function bytesOf(file: ReadableFile, end = file.size): Promise<ArrayBuffer> {
  // A whole file is read as it is: a slice is one more blob (in Chromium, one more registration with the
  // browser process), which costs a small file about as much as reading it.
  if (end >= file.size && file.arrayBuffer) return file.arrayBuffer();
  return file.slice(0, Math.min(end, file.size)).arrayBuffer();
}

/**
 * Reads a prefix of the file; when the header is cut before Pixel Data (the parse fails, or finds no
 * pixel data) and the file is longer, reads the whole file once more.
 */
export async function readDicomFile(
  file: ReadableFile,
  prefixBytes = DICOM_PREFIX_BYTES,
): Promise<FileHeaderResult> {
  const prefix = new Uint8Array(await bytesOf(file, prefixBytes));
  let result = readDicomHeader(prefix);
  const cut = prefix.length < file.size;
  if (cut && (!result.ok || !result.header.hasPixelData)) {
    result = readDicomHeader(new Uint8Array(await bytesOf(file)));
  }
  return result.ok
    ? { type: 'dcm', ok: true, header: result.header }
    : { type: 'dcm', ok: false, error: result.error };
}

/**
 * Reads the whole file: `.nii.gz` must be inflated from its start, and `readNiftiHeader` checks that a
 * `.nii` holds all the voxels its header announces, which a prefix cannot show.
 */
export async function readNiftiFile(file: ReadableFile): Promise<FileHeaderResult> {
  const result = readNiftiHeader(await bytesOf(file));
  return result.ok
    ? { type: 'nii', ok: true, header: result.header }
    : { type: 'nii', ok: false, error: result.error };
}

/** The header of a file the classification calls 'dcm' or 'nii'. Never throws. */
export async function readFileHeader(file: ReadableFile, type: 'dcm' | 'nii'): Promise<FileHeaderResult> {
  try {
    return await (type === 'dcm' ? readDicomFile(file) : readNiftiFile(file));
  } catch (thrown) {
    return {
      type,
      ok: false,
      error: `Could not read the file: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    };
  }
}
