import {
  EMPTY_FILE_ERROR,
  NOT_DICOM_ERROR,
  readDicomHeader,
  type ReadDicomHeaderOptions,
} from '../dicom/read-header';
import { gunzip } from '../gzip/gunzip';
import type { FileHeaderResult, ReadableFile } from './read-file';

export const GZIP_NOT_DICOM_ERROR = 'The .gz file holds neither DICOM nor NIfTI';
export const GZIP_NIFTI_ERROR = 'The .gz file holds NIfTI: name it .nii.gz to upload it';

/** Compressed bytes read a slice at a time, after the `first` bytes already read. */
const SLICE_BYTES = 1024 * 1024;

async function* chunksOf(file: ReadableFile, first: Uint8Array): AsyncGenerator<Uint8Array> {
  yield first;
  for (let start = first.length; start < file.size; start += SLICE_BYTES)
    yield new Uint8Array(await file.slice(start, Math.min(start + SLICE_BYTES, file.size)).arrayBuffer());
}

/** NIfTI-1 and NIfTI-2 headers start with their own size, 348 or 540, in either byte order. */
function looksLikeNifti(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, 4);
  return [348, 540].some((size) => view.getInt32(0, true) === size || view.getInt32(0, false) === size);
}

/** Not a file the upload reads: the page counts it unsupported, with `error` as its reason. */
const unsupported = (error: string): FileHeaderResult => ({
  type: 'dcm',
  ok: false,
  error,
  unsupported: true,
});

export interface ReadGzipOptions extends ReadDicomHeaderOptions {
  /** Inflated bytes the file may reach: the upload's largest file. */
  maxInflatedBytes: number;
  prefixBytes: number;
}

/**
 * The DICOM header inside a gzip file (a `.dcm.gz`, or any `.gz` whose content is DICOM). The whole file
 * is inflated, so a damaged or cut-short one is caught here, but only `prefixBytes` inflated bytes are
 * kept unless the header runs past them. A file that inflates to neither DICOM nor NIfTI, a damaged
 * one and one past the bound are `unsupported`, each with its reason.
 */
export async function readGzipDicomFile(
  file: ReadableFile,
  first: Uint8Array,
  { maxInflatedBytes, prefixBytes, ...dicomOptions }: ReadGzipOptions,
): Promise<FileHeaderResult> {
  const prefix = await gunzip(chunksOf(file, first), { maxBytes: maxInflatedBytes, keep: prefixBytes });
  if (!prefix.ok) return unsupported(prefix.error);
  let result = readDicomHeader(prefix.bytes, dicomOptions);
  if (prefix.size > prefix.bytes.length && (!result.ok || !result.header.hasPixelData)) {
    const whole = await gunzip(chunksOf(file, first), { maxBytes: maxInflatedBytes });
    if (!whole.ok) return unsupported(whole.error);
    result = readDicomHeader(whole.bytes, dicomOptions);
  }
  if (result.ok) return { type: 'dcm', ok: true, header: result.header };
  if (looksLikeNifti(prefix.bytes)) return unsupported(GZIP_NIFTI_ERROR);
  if (result.error === NOT_DICOM_ERROR || result.error === EMPTY_FILE_ERROR)
    return unsupported(GZIP_NOT_DICOM_ERROR);
  // DICOM inside, but damaged: it stays a DICOM file whose header could not be read, as a plain one would.
  return { type: 'dcm', ok: false, error: result.error };
}
