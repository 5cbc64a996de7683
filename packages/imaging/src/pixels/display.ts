import { usesPetColormap } from '../rules/preview';
import { normalizeWindowing, type WindowingInput } from '../rules/windowing';
import type { DicomHeader } from '../types';

/** How grey values become screen values: rescale, then the window [low, high], then inversion or colours. */
export interface Display {
  rescaleSlope: number;
  rescaleIntercept: number;
  low: number;
  high: number;
  invert: boolean;
  colormap: 'gray' | 'pet';
}

/** What a series tells about its display when its pixels come from elsewhere (a converted NIfTI). */
export interface SeriesDisplayInput extends WindowingInput {
  modality: string | null;
  sopClassUid: string | null;
  photometricInterpretation?: string | null;
}

/** The spec's rules (section 5, V2): zero slope 1, NaN intercept 0, default window 0/1000, PET colormap. */
export function displayFor(input: SeriesDisplayInput): Display {
  const windowing = normalizeWindowing(input);
  return {
    rescaleSlope: windowing.rescaleSlope,
    rescaleIntercept: windowing.rescaleIntercept,
    low: windowing.windowCenter - windowing.windowWidth / 2,
    high: windowing.windowCenter + windowing.windowWidth / 2,
    // MONOCHROME1: the lowest value is white.
    invert: input.photometricInterpretation === 'MONOCHROME1',
    colormap: usesPetColormap(input.modality, input.sopClassUid) ? 'pet' : 'gray',
  };
}

export function displayForDicom(header: DicomHeader): Display {
  return displayFor({ ...header, sopClassUid: header.sopClassUid });
}

/** NIfTI voxels come scaled already; the range is the file's own (see niftiDisplayRange). */
export function displayForRange(
  [low, high]: [number, number],
  colormap: Display['colormap'] = 'gray',
): Display {
  return { rescaleSlope: 1, rescaleIntercept: 0, low, high, invert: false, colormap };
}
