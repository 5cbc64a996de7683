import type { UploadSeries } from '../upload-model';

/** Where slice `index` of a DICOM series lives: a file of the series and a frame in it. */
export interface SliceSource {
  fileIndex: number;
  frame: number;
}

/**
 * Slices step through the files when there are at least as many files as frames (one image per file),
 * else through the frames of the first file (a multi-frame object). Out-of-range indexes are clamped.
 */
export function dicomSliceSource(
  series: Pick<UploadSeries, 'cnt' | 'numberOfFrames'>,
  index: number,
): SliceSource {
  const clamp = (value: number, count: number) =>
    Math.min(Math.max(Math.trunc(value), 0), Math.max(count - 1, 0));
  if (series.cnt >= series.numberOfFrames) return { fileIndex: clamp(index, series.cnt), frame: 0 };
  return { fileIndex: 0, frame: clamp(index, series.numberOfFrames) };
}
