import type { FileHeaderResult } from '@voxa/imaging';

/** Main thread -> ingest worker: one read group (at most 50 files). */
export interface ReadGroupRequest {
  id: number;
  files: File[];
  types: ('dcm' | 'nii')[];
  /** A gzipped DICOM file inflates to at most this (the upload's largest file). */
  maxInflatedBytes: number;
}

/** Ingest worker -> main thread: the header of each file of the group, in the request's order. */
export interface ReadGroupResponse {
  id: number;
  results: FileHeaderResult[];
}
