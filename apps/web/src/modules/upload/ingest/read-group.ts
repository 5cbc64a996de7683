import { DICOM_PREFIX_BYTES, readFileHeader, type ReadableFile } from '@voxa/imaging';
import type { ReadEntry, ReadGroupRequest, ReadGroupResponse, ReadType } from './protocol';

/**
 * A read group as the page hands it over: the DICOM files' prefixes joined in one Blob (building it
 * reads nothing), read by the worker in one read. One read of 50 files costs the browser far less than 50
 * reads, and a read in a worker leaves the page's thread free (decision 0083). A NIfTI file is read whole
 * by the worker from its File; so is the rest of a DICOM file whose header runs past its prefix.
 */
export function groupEntries(
  files: File[],
  types: ReadType[],
): Pick<ReadGroupRequest, 'entries' | 'prefixes'> {
  const parts: Blob[] = [];
  const entries = files.map((file, index): ReadEntry => {
    const type = types[index] ?? 'dcm';
    if (type === 'nii') return { type, size: file.size, prefixBytes: 0, file };
    const cut = file.size > DICOM_PREFIX_BYTES;
    parts.push(cut ? file.slice(0, DICOM_PREFIX_BYTES) : file);
    return {
      type,
      size: file.size,
      prefixBytes: Math.min(file.size, DICOM_PREFIX_BYTES),
      file: cut ? file : null,
    };
  });
  return { entries, prefixes: new Blob(parts) };
}

/** The same group with each File handed over and nothing joined: a file that cannot be read fails alone. */
export function fileByFileEntries(
  files: File[],
  types: ReadType[],
): Pick<ReadGroupRequest, 'entries' | 'prefixes'> {
  return {
    entries: files.map((file, index) => ({
      type: types[index] ?? 'dcm',
      size: file.size,
      prefixBytes: 0,
      file,
    })),
    prefixes: new Blob([]),
  };
}

/** What a worker answers for a read group: every file's header, or `unreadable` when the prefixes are. */
export async function readGroup({
  id,
  entries,
  prefixes,
  maxInflatedBytes,
}: ReadGroupRequest): Promise<ReadGroupResponse> {
  let bytes: ArrayBuffer;
  try {
    bytes = await prefixes.arrayBuffer();
  } catch {
    return { id, unreadable: true };
  }
  let offset = 0;
  const results = await Promise.all(
    entries.map((entry) => {
      const prefix = new Uint8Array(bytes, offset, entry.prefixBytes);
      offset += entry.prefixBytes;
      return readFileHeader(entryFile(entry, prefix), entry.type, { maxInflatedBytes });
    }),
  );
  return { id, results };
}

/**
 * The file of an entry as the header reader reads it: its prefix from memory (the reader parses the view
 * itself: a copy of each file's bytes cost a worker more than the parse), the rest from the File.
 */
export function entryFile({ size, file }: ReadEntry, prefix: Uint8Array<ArrayBuffer>): ReadableFile {
  const read = async (start: number, end: number): Promise<ArrayBuffer> => {
    if (end <= prefix.byteLength)
      return prefix.buffer.slice(prefix.byteOffset + start, prefix.byteOffset + end);
    if (!file) throw new Error('The file was not handed over');
    return file.slice(start, end).arrayBuffer();
  };
  return {
    size,
    head: prefix.byteLength > 0 ? prefix : undefined,
    slice: (start = 0, end = size) => ({ arrayBuffer: () => read(start, Math.min(end, size)) }),
    arrayBuffer: () => read(0, size),
  };
}
