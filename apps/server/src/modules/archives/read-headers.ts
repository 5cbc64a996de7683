import { open } from 'node:fs/promises';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  readDicomFile,
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
export function diskFile(file: string, size: number): ReadableFile {
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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ReadHeaders {
  dicom: DicomEntry[];
  nifti: NiftiEntry[];
  skipped: SkippedPath[];
}

/**
 * Reads the header of every classified file under `root` (the session's inflated folder), one file at a
 * time: only headers stay in memory. DICOM files are read as the page reads them (a gzipped one inflated,
 * up to `maxInflatedBytes`), plus Deflated Explicit VR Little Endian, which Node can inflate. A file that
 * cannot be read is skipped with the reason.
 */
export async function readHeaders(
  root: string,
  classified: InflatedClassification,
  limits: ArchiveLimits,
  maxInflatedBytes: number,
): Promise<ReadHeaders> {
  const out: ReadHeaders = { dicom: [], nifti: [], skipped: [] };
  const at = (ref: FileRef) => path.join(root, ref.path ?? ref.name);
  for (const ref of classified.dcm) {
    try {
      const result = await readDicomFile(diskFile(at(ref), ref.size), { inflateRaw, maxInflatedBytes });
      if (!result.ok) out.skipped.push({ path: ref.path ?? ref.name, reason: result.error });
      else if (result.type === 'dcm') out.dicom.push({ file: ref, header: result.header });
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
