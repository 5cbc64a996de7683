import type { FileHeaderResult } from '@voxa/imaging';

/**
 * One file of a read group as the page hands it to a worker: a DICOM file's prefix already read (the
 * whole file when it fits), with the File itself only when the worker may need more of it (a longer
 * DICOM file, a NIfTI file read whole, a prefix the page could not read).
 */
export interface ReadEntry {
  type: 'dcm' | 'nii';
  size: number;
  bytes: ArrayBuffer | null;
  file: File | null;
}

/** Main thread -> ingest worker: one read group (at most 50 files); the prefixes are transferred. */
export interface ReadGroupRequest {
  id: number;
  entries: ReadEntry[];
  /** A gzipped DICOM file inflates to at most this (the upload's largest file). */
  maxInflatedBytes: number;
}

/** Ingest worker -> main thread: the header of each file of the group, in the request's order. */
export interface ReadGroupResponse {
  id: number;
  results: FileHeaderResult[];
}
