import { open } from 'node:fs/promises';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  DICOM_PREFIX_BYTES,
  readDicomHeader,
  readNiftiFile,
  type DicomEntry,
  type FileRef,
  type NiftiEntry,
  type ReadableFile,
} from '@voxa/imaging';
import type { InflatedClassification, SkippedPath } from './classify';
import { checkGzip } from './gunzip';
import { ArchiveError, type ArchiveLimits } from './policy';

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

/** A file on disk as the imaging package reads files: byte ranges, read when asked. */
function diskFile(file: string, size: number): ReadableFile {
  return {
    size,
    slice: (start = 0, end = size) => ({
      arrayBuffer: async () => {
        const handle = await open(file, 'r');
        try {
          const buffer = new ArrayBuffer(Math.max(0, end - start));
          await handle.read(new Uint8Array(buffer), 0, buffer.byteLength, start);
          return buffer;
        } finally {
          await handle.close();
        }
      },
    }),
  };
}

/**
 * A DICOM header from the file's first bytes, or from the whole file when those end before Pixel Data
 * (as the page reads them, plus Deflated Explicit VR Little Endian, which Node can inflate).
 */
async function dicomHeader(file: ReadableFile) {
  const read = async (end: number) =>
    new Uint8Array(await file.slice(0, Math.min(end, file.size)).arrayBuffer());
  const result = readDicomHeader(await read(DICOM_PREFIX_BYTES), { inflateRaw });
  if (file.size > DICOM_PREFIX_BYTES && (!result.ok || !result.header.hasPixelData))
    return readDicomHeader(await read(file.size), { inflateRaw });
  return result;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ReadHeaders {
  dicom: DicomEntry[];
  nifti: NiftiEntry[];
  skipped: SkippedPath[];
}

/**
 * Reads the header of every classified file under `root` (the session's inflated folder), one file at a
 * time: only headers stay in memory. A file that cannot be read is skipped with the reason.
 */
export async function readHeaders(
  root: string,
  classified: InflatedClassification,
  limits: ArchiveLimits,
): Promise<ReadHeaders> {
  const out: ReadHeaders = { dicom: [], nifti: [], skipped: [] };
  const at = (ref: FileRef) => path.join(root, ref.path ?? ref.name);
  for (const ref of classified.dcm) {
    try {
      const result = await dicomHeader(diskFile(at(ref), ref.size));
      if (result.ok) out.dicom.push({ file: ref, header: result.header });
      else out.skipped.push({ path: ref.path ?? ref.name, reason: result.error });
    } catch (error) {
      out.skipped.push({ path: ref.path ?? ref.name, reason: `Could not read the file: ${message(error)}` });
    }
  }
  for (const ref of classified.nii) {
    try {
      // A .nii.gz is read whole and inflated in memory: its inflated size is checked first.
      if (ref.name.toLowerCase().endsWith('.gz')) await checkGzip(at(ref), limits);
      const result = await readNiftiFile(diskFile(at(ref), ref.size));
      if (result.ok && result.type === 'nii') out.nifti.push({ file: ref, header: result.header });
      else out.skipped.push({ path: ref.path ?? ref.name, reason: result.ok ? 'Not NIfTI' : result.error });
    } catch (error) {
      const reason =
        error instanceof ArchiveError ? error.message : `Could not read the file: ${message(error)}`;
      out.skipped.push({ path: ref.path ?? ref.name, reason });
    }
  }
  return { ...out, skipped: [...classified.skipped, ...out.skipped] };
}
