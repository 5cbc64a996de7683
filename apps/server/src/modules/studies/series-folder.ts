import type { StorageKey } from '../../platform/storage';

/** Where a series is converted: `teams/{team}/studies/{study uuid}/series/{series uuid}/{dicom|nifti}`. */
export const seriesKey = (teamId: number, studyUuid: string, seriesUuid: string): StorageKey => [
  'teams',
  String(teamId),
  'studies',
  studyUuid,
  'series',
  seriesUuid,
];

/**
 * Where a series' files are: the folder its conversion recorded (`data.folder`), which stays put when the
 * series moves to another study, else the one its current study gives.
 */
export function seriesFolder(
  series: { team_id: number; uuid: string; data: Record<string, unknown> },
  studyUuid: string,
): StorageKey {
  const recorded = series.data.folder;
  if (Array.isArray(recorded) && recorded.length > 0 && recorded.every((s) => typeof s === 'string'))
    return recorded as string[];
  return seriesKey(series.team_id, studyUuid, series.uuid);
}

export const slideshowFrameKey = (folder: StorageKey, frame: number): StorageKey => [
  ...folder,
  'slideshow',
  `${frame}.png`,
];

/** How many slideshow frames a series has (`data.slideshow`, set once its frames are written). */
export function slideshowFrameCount(data: Record<string, unknown>): number {
  const frames = data.slideshow;
  return typeof frames === 'number' && Number.isInteger(frames) && frames > 0 ? frames : 0;
}
