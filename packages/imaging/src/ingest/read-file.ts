import { readDicomHeader, type ReadDicomHeaderOptions } from '../dicom/read-header';
import { isGzip } from '../gzip/gunzip';
import { readNiftiHeader } from '../nifti/read-header';
import type { DicomHeader, NiftiHeader } from '../types';
import { readGzipDicomFile } from './read-gzip';

/** What the reader needs of a browser `File` (or a Node `Blob` in tests). */
export interface ReadableFile {
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
  /** The whole file's bytes, when it can give them without a slice (a browser `File`, a `Blob`). */
  arrayBuffer?(): Promise<ArrayBuffer>;
  /**
   * The file's first bytes, already in memory (at least the prefix the reader starts with, or the whole
   * file): read from where they are, not copied (an ingest worker's view of its group's joined bytes).
   */
  readonly head?: Uint8Array;
}

/** Bytes read first from a DICOM file; headers (up to Pixel Data) nearly always fit. */
export const DICOM_PREFIX_BYTES = 256 * 1024;

export type FileHeaderResult =
  | { type: 'dcm'; ok: true; header: DicomHeader }
  | { type: 'nii'; ok: true; header: NiftiHeader }
  | {
      type: 'dcm' | 'nii';
      ok: false;
      error: string;
      /** Not a file the upload reads (a `.gz` holding neither DICOM nor NIfTI, or a damaged one). */
      unsupported?: true;
    };

export interface ReadFileOptions extends ReadDicomHeaderOptions {
  /** Inflated bytes a gzipped DICOM file may reach: the upload's largest file. */
  maxInflatedBytes: number;
  /** Bytes read (inflated, for a gzip) before the whole file is; DICOM_PREFIX_BYTES unless told. */
  prefixBytes?: number;
}

async function bytesOf(file: ReadableFile, end = file.size): Promise<ArrayBuffer> {
  // A whole file is read as it is: a slice is one more blob (in Chromium, one more registration with the
  // browser process), which costs a small file about as much as reading it.
  if (end >= file.size && file.arrayBuffer) return file.arrayBuffer();
  return file.slice(0, Math.min(end, file.size)).arrayBuffer();
}

/**
 * Reads a prefix of the file; when the header is cut before Pixel Data (the parse fails, or finds no
 * pixel data) and the file is longer, reads the whole file once more. A gzip file (by its magic bytes,
 * whatever its name) is read through the bounded inflater (read-gzip.ts).
 */
export async function readDicomFile(
  file: ReadableFile,
  { prefixBytes = DICOM_PREFIX_BYTES, maxInflatedBytes, ...dicomOptions }: ReadFileOptions,
): Promise<FileHeaderResult> {
  const prefix = file.head?.subarray(0, prefixBytes) ?? new Uint8Array(await bytesOf(file, prefixBytes));
  if (isGzip(prefix))
    return readGzipDicomFile(file, prefix, { ...dicomOptions, maxInflatedBytes, prefixBytes });
  let result = readDicomHeader(prefix, dicomOptions);
  const cut = prefix.length < file.size;
  if (cut && (!result.ok || !result.header.hasPixelData)) {
    result = readDicomHeader(new Uint8Array(await bytesOf(file)), dicomOptions);
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
export async function readFileHeader(
  file: ReadableFile,
  type: 'dcm' | 'nii',
  options: ReadFileOptions,
): Promise<FileHeaderResult> {
  try {
    return await (type === 'dcm' ? readDicomFile(file, options) : readNiftiFile(file));
  } catch (thrown) {
    return {
      type,
      ok: false,
      error: `Could not read the file: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    };
  }
}
