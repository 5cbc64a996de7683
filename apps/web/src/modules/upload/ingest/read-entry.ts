import { DICOM_PREFIX_BYTES, type ReadableFile } from '@voxa/imaging';
import type { ReadEntry } from './protocol';

/**
 * What the page reads of a file for the ingest workers: the DICOM prefix the header reader starts with,
 * read whole when the file fits in it (a slice is one more blob for the browser to register). A NIfTI
 * file, or a read that failed, is left to the worker, which reads the File and reports the error.
 */
export async function readEntry(file: File, type: 'dcm' | 'nii'): Promise<ReadEntry> {
  const whole = { type, size: file.size, bytes: null, file };
  if (type === 'nii') return whole;
  const cut = file.size > DICOM_PREFIX_BYTES;
  try {
    const bytes = await (cut ? file.slice(0, DICOM_PREFIX_BYTES) : file).arrayBuffer();
    return { type, size: file.size, bytes, file: cut ? file : null };
  } catch {
    return whole;
  }
}

/** The file of an entry as the header reader reads it: the prefix from memory, the rest from the File. */
export function entryFile({ size, bytes, file }: ReadEntry): ReadableFile {
  const read = async (start: number, end: number): Promise<ArrayBuffer> => {
    if (bytes && end <= bytes.byteLength)
      return start === 0 && end === bytes.byteLength ? bytes : bytes.slice(start, end);
    if (!file) throw new Error('The file was not handed over');
    return file.slice(start, end).arrayBuffer();
  };
  return {
    size,
    slice: (start = 0, end = size) => ({ arrayBuffer: () => read(start, Math.min(end, size)) }),
    arrayBuffer: () => read(0, size),
  };
}
