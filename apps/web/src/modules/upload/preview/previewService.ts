import { UPLOAD_LIMITS } from '@voxa/contracts';
import {
  dicomSliceSource,
  displayFor,
  isEncapsulatedSyntax,
  type FileRef,
  type UploadSeries,
} from '@voxa/imaging';
import type { PreviewFailure, RenderResult } from './protocol';
import { createPreviewPool, type PreviewPool } from './workerPool';

/** What a tile shows: an image, or one of the spec's placeholders. */
export type PreviewOutcome =
  | { kind: 'image'; png: Blob; slices: number | null }
  | { kind: 'placeholder'; text: 'No image' | 'Error'; error: string };

export interface PreviewService {
  preview(series: UploadSeries, slice: number, signal: AbortSignal): Promise<PreviewOutcome>;
  /** A compressed DICOM series whose dcm2niix conversion has not finished yet. */
  needsConversion(series: UploadSeries): boolean;
}

type FileOf = (ref: FileRef) => File | undefined;

/** A gzipped DICOM file inflates to at most the upload's largest file. */
const maxInflatedBytes = UPLOAD_LIMITS.defaultMaxFileBytes;

/** Slices kept per series, about 5 MB of PNGs at 512 px. */
const KEPT_SLICES = 64;

/** Keeps a slice's outcome, dropping the oldest one past KEPT_SLICES (a Map iterates in insertion order). */
export function keepSlice(cache: Map<number, PreviewOutcome>, slice: number, outcome: PreviewOutcome): void {
  cache.set(slice, outcome);
  if (cache.size > KEPT_SLICES) cache.delete(cache.keys().next().value as number);
}

function outcomeOf(result: RenderResult | PreviewFailure, slices: 'nifti' | 'dicom'): PreviewOutcome {
  if (!result.ok) {
    return {
      kind: 'placeholder',
      text: result.reason === 'error' ? 'Error' : 'No image',
      error: result.error,
    };
  }
  // A NIfTI's slice count can exceed the series' (a mosaic becomes a volume); a DICOM file's frames do not.
  return { kind: 'image', png: result.png, slices: slices === 'nifti' ? result.slices : null };
}

/** Names for NIfTI blobs, unique across services: the workers they share cache parsed volumes by name. */
const blobKeys = new WeakMap<Blob, string>();
let nextKey = 1;
function keyOf(blob: Blob): string {
  const key = blobKeys.get(blob) ?? `nifti-${nextKey++}`;
  blobKeys.set(blob, key);
  return key;
}

/**
 * Previews per series, cached by the series' first File (a WeakMap: a new drop of the same files starts
 * afresh, and nothing outlives the files). Compressed series are converted once with dcm2niix and then
 * sliced like any NIfTI.
 */
export function createPreviewService(pool: PreviewPool, fileOf: FileOf): PreviewService {
  const images = new WeakMap<File, Map<number, PreviewOutcome>>();
  const conversions = new WeakMap<File, Promise<Blob | PreviewFailure>>();
  const converted = new WeakSet<File>();

  const renderNifti = async (file: Blob, slice: number, series: UploadSeries | null, signal: AbortSignal) => {
    // NIfTI files have no window: null lets the worker use the file's own range.
    const display = series
      ? displayFor({ ...series, modality: series.modalityCode, sopClassUid: series.SOPClassUID })
      : null;
    const result = await pool.run({ type: 'nifti', file, key: keyOf(file), slice, display }, signal);
    return outcomeOf(result, 'nifti');
  };

  const conversionOf = (files: File[]) => {
    const first = files[0] as File;
    let conversion = conversions.get(first);
    if (!conversion) {
      conversion = pool.run({ type: 'convert', files, maxInflatedBytes }).then(
        (result) => (result.ok ? result.nifti : result),
        (error: unknown): PreviewFailure => ({ ok: false, reason: 'error', error: String(error) }),
      );
      void conversion.then(() => converted.add(first));
      conversions.set(first, conversion);
    }
    return conversion;
  };

  const viaConversion = async (series: UploadSeries, files: File[], slice: number, signal: AbortSignal) => {
    const nifti = await conversionOf(files);
    if (!(nifti instanceof Blob)) return outcomeOf(nifti, 'nifti');
    // The series' window applies: dcm2niix keeps the DICOM rescale as scl_slope/scl_inter.
    return renderNifti(nifti, slice, series, signal);
  };

  const compute = async (series: UploadSeries, files: File[], slice: number, signal: AbortSignal) => {
    if (series.type === 'nii') return renderNifti(files[0] as File, slice, null, signal);
    if (isEncapsulatedSyntax(series.transferSyntaxUID)) return viaConversion(series, files, slice, signal);
    const { fileIndex, frame } = dicomSliceSource(series, slice);
    const file = files[fileIndex] as File;
    const result = await pool.run({ type: 'dicom', file, frame, maxInflatedBytes }, signal);
    // The series' first file may be native while this one is not.
    if (!result.ok && result.reason === 'encapsulated') return viaConversion(series, files, slice, signal);
    return outcomeOf(result, 'dicom');
  };

  const filesOf = (series: UploadSeries) => series.files.map(fileOf);

  return {
    async preview(series, slice, signal) {
      const files = filesOf(series);
      const first = files[0];
      if (!first || files.some((file) => !file)) {
        return { kind: 'placeholder', text: 'No image', error: 'The files of this series are gone' };
      }
      const cache = images.get(first) ?? new Map<number, PreviewOutcome>();
      images.set(first, cache);
      const cached = cache.get(slice);
      if (cached) return cached;
      const outcome = await compute(series, files as File[], slice, signal);
      keepSlice(cache, slice, outcome);
      return outcome;
    },
    needsConversion(series) {
      const first = series.files[0] && fileOf(series.files[0]);
      return (
        series.type === 'dcm' &&
        isEncapsulatedSyntax(series.transferSyntaxUID) &&
        !!first &&
        !converted.has(first)
      );
    },
  };
}

let sharedPool: PreviewPool | null = null;
const services = new WeakMap<FileOf, PreviewService>();

/** One service per ingest session (its fileOf), all on one pool of workers kept for the page's life. */
export function previewServiceFor(fileOf: FileOf): PreviewService {
  sharedPool ??= createPreviewPool();
  const service = services.get(fileOf) ?? createPreviewService(sharedPool, fileOf);
  services.set(fileOf, service);
  return service;
}
