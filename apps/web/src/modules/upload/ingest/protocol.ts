import type { FileHeaderResult } from '@voxa/imaging';

/** How a worker reads a file: a DICOM header from its prefix, or a NIfTI file whole. */
export type ReadType = 'dcm' | 'nii';

/**
 * One file of a read group as the page hands it to a worker: how many of its first bytes the group's
 * `prefixes` hold (a DICOM file's prefix, the whole file when it fits), with the File itself only when
 * the worker may need more of it (a longer DICOM file, a NIfTI file read whole, a group read file by file).
 */
export interface ReadEntry {
  type: ReadType;
  size: number;
  prefixBytes: number;
  file: File | null;
}

/** Main thread -> ingest worker: one read group (at most 50 files). */
export interface ReadGroupRequest {
  id: number;
  entries: ReadEntry[];
  /** The entries' prefixes end to end, in their order: one Blob the worker reads in one go. */
  prefixes: Blob;
  /** A gzipped DICOM file inflates to at most this (the upload's largest file). */
  maxInflatedBytes: number;
}

/**
 * Ingest worker -> main thread: the header of each file of the group, in the request's order; or, when
 * the prefixes could not be read at all (a file changed or removed since it was picked makes the whole
 * Blob unreadable), `unreadable`, and the page sends the group again to be read file by file.
 */
export type ReadGroupResponse =
  { id: number; results: FileHeaderResult[] } | { id: number; unreadable: true };
