import type { UploadSeries } from '../upload-model';

/** V2 upload states (section 4, V2 upload state). */
export type V2UploadState =
  'ready' | 'zip_uploading' | 'zip_preview_processing' | 'preview' | 'upload' | 'converting' | 'finished';

export interface SelectionContext {
  uploadState: V2UploadState;
  /** Acquisitions of the study are being recognised. */
  recognizing: boolean;
}

/** Only a valid series in preview can change selection, and not while recognition runs (section 4, Selection). */
export function isSelectable(
  series: Pick<UploadSeries, 'valid'>,
  uploadState: V2UploadState,
  recognizing: boolean,
): boolean {
  return series.valid && uploadState === 'preview' && !recognizing;
}

export const SMALL_SERIES_MAX_IMAGES = 5;

/** Series of 1 to 5 single-frame images are usually scouts or summaries, so they start unchecked. */
export function startsDeselected(series: Pick<UploadSeries, 'cnt' | 'numberOfFrames'>): boolean {
  return series.cnt >= 1 && series.cnt <= SMALL_SERIES_MAX_IMAGES && series.numberOfFrames <= 1;
}

export const STARTS_DESELECTED_NOTE =
  'Left out by default: 1 to 5 single images are usually a localiser or a summary. Tick it to upload it.';

/** Why a series is unticked when the rule above left it out; none once someone ticked it. */
export function deselectedNote(
  series: Pick<UploadSeries, 'cnt' | 'numberOfFrames' | 'isSelected' | 'valid'>,
): string | null {
  return series.valid && !series.isSelected && startsDeselected(series) ? STARTS_DESELECTED_NOTE : null;
}
