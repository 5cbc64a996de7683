/** Display and rescale values as they arrive from a header; any of them may be missing. */
export interface WindowingInput {
  windowCenter?: number | null;
  windowWidth?: number | null;
  rescaleSlope?: number | null;
  rescaleIntercept?: number | null;
  rescaleType?: string | null;
}

export interface Windowing {
  windowCenter: number;
  windowWidth: number;
  rescaleSlope: number;
  rescaleIntercept: number;
  rescaleType: string;
}

export const DEFAULT_WINDOW_CENTER = 0;
export const DEFAULT_WINDOW_WIDTH = 1000;
export const DEFAULT_RESCALE_TYPE = 'HU';

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Fills in the values a viewer needs (section 5, V2): a zero, missing or NaN slope is 1 (a zero slope
 * would flatten every pixel), a missing or NaN intercept is 0, and a missing centre or width gives the
 * default window centre 0, width 1000, so the two window values always come as a pair.
 */
export function normalizeWindowing(input: WindowingInput): Windowing {
  const { windowCenter, windowWidth, rescaleSlope, rescaleIntercept, rescaleType } = input;
  const hasWindow = isNumber(windowCenter) && isNumber(windowWidth);
  return {
    windowCenter: hasWindow ? windowCenter : DEFAULT_WINDOW_CENTER,
    windowWidth: hasWindow ? windowWidth : DEFAULT_WINDOW_WIDTH,
    rescaleSlope: isNumber(rescaleSlope) && rescaleSlope !== 0 ? rescaleSlope : 1,
    rescaleIntercept: isNumber(rescaleIntercept) ? rescaleIntercept : 0,
    rescaleType: rescaleType ? rescaleType : DEFAULT_RESCALE_TYPE,
  };
}
