import type { Display } from '@voxa/imaging';

/**
 * Main thread -> preview worker. `maxInflatedBytes` bounds a gzipped DICOM file's inflated size (the
 * upload's largest file): a `.dcm.gz` is previewed like the plain file.
 */
export type PreviewRequest =
  /** One frame of a DICOM file with native pixel data. */
  | { id: number; type: 'dicom'; file: File; frame: number; maxInflatedBytes: number }
  /**
   * One slice of a NIfTI (a dropped file, or a series converted by dcm2niix). `key` names the blob so the
   * worker can keep it parsed; `display` is the series' window, or null for the file's own range.
   */
  | { id: number; type: 'nifti'; file: Blob; key: string; slice: number; display: Display | null }
  /** A whole DICOM series to NIfTI with dcm2niix. */
  | { id: number; type: 'convert'; files: File[]; maxInflatedBytes: number };

/** Why no image: native decode impossible (needs dcm2niix), nothing to draw, or a damaged file. */
export type PreviewFailure = { ok: false; reason: 'encapsulated' | 'no-image' | 'error'; error: string };

export type RenderResult = { ok: true; png: Blob; slices: number } | PreviewFailure;
export type ConvertResult = { ok: true; nifti: Blob } | PreviewFailure;

/** Preview worker -> main thread, answering the request with the same id. */
export type PreviewResponse = { id: number; result: RenderResult | ConvertResult };
