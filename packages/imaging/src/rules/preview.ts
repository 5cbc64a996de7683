import type { UploadSeries } from '../upload-model';
import { PET_SOP_CLASS } from '../types';

/** Slider input: slices is the NIfTI preview's slice count, generatingPreviewNii its busy flag. */
export type SliderSeries = Pick<UploadSeries, 'cnt' | 'numberOfFrames'> & {
  slices?: number;
  generatingPreviewNii?: boolean;
};

export interface SliderRange {
  min: 0;
  max: number;
  disabled: boolean;
}

export const INVALID_SLICE_INDEX_ERROR = 'Invalid slice index';
export const SERIES_LABEL_MAX_LENGTH = 20;
/** What a NIfTI series (no series number) shows where the number would be. */
export const UNKNOWN_SERIES_NUMBER_LABEL = '?';

/** Range 0..(highest of count, frames, slices) - 1; a single image or a preview in progress has nothing to slide. */
export function sliderRange(series: SliderSeries): SliderRange {
  const positions = Math.max(series.cnt, series.numberOfFrames, series.slices ?? 0);
  return {
    min: 0,
    max: Math.max(positions - 1, 0),
    disabled: positions < 2 || series.generatingPreviewNii === true,
  };
}

export function usesPetColormap(modality: string | null, sopClassUid: string | null): boolean {
  return modality === 'PT' && sopClassUid === PET_SOP_CLASS;
}

/** The preview label is the series number, cut to 20 characters; NIfTI has none and shows '?'. */
export function seriesLabel(series: Pick<UploadSeries, 'seriesNumber' | 'type'>): string {
  if (series.type === 'nii' || series.seriesNumber === null) return UNKNOWN_SERIES_NUMBER_LABEL;
  return String(series.seriesNumber).slice(0, SERIES_LABEL_MAX_LENGTH);
}

export type SliceIndexCheck = { ok: true } | { ok: false; error: string };

export function validateSliceIndex(index: number, slices: number): SliceIndexCheck {
  const valid = Number.isInteger(index) && index >= 0 && index < slices;
  return valid ? { ok: true } : { ok: false, error: INVALID_SLICE_INDEX_ERROR };
}
