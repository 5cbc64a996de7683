import { SeriesConverter } from '@voxa/contracts';
import { z } from 'zod';
import type { StorageKey } from '../../platform/storage';
import { seriesKey } from '../../platform/storage/layout';

/**
 * The one reading of a series row's `data` column: what the upload described, and what its conversion
 * made. Every module reads it through `readSeriesData`, never by casting keys. Rows written before a key
 * existed parse too (every later key is optional), and a malformed value reads as absent.
 */
const lenient = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);

export const SeriesData = z.object({
  /** The page's id of the series in its upload (its place there, never a UID or path). */
  clientId: lenient(z.string()),
  type: lenient(z.enum(['dcm', 'nii'])),
  seriesDescription: lenient(z.string().nullable()),
  protocolName: lenient(z.string().nullable()),
  cnt: lenient(z.number()),
  numberOfFrames: lenient(z.number()),
  rows: lenient(z.number().nullable()),
  columns: lenient(z.number().nullable()),
  files: lenient(z.array(z.string())),
  /** The series' place in its upload's conversion order. */
  idx: lenient(z.number()),
  /** How many conversions were asked for: each names its own job. */
  conversionAttempt: lenient(z.number().int()),
  /** The NIfTI volumes of a converted series (`{uuid}-NNN.nii`), in dcm2niix's order. */
  nifti: lenient(z.array(z.string())),
  /** Every file of the converted series' nifti folder: the volumes and their .json, .bval, .bvec. */
  outputs: lenient(z.array(z.string())),
  /** The folder its conversion wrote; it stays put when the series moves to another study. */
  folder: lenient(z.array(z.string()).min(1)),
  /** What dcm2niix warned of, shown with the series: a done series with warnings is not silently done. */
  warnings: lenient(z.array(z.string())),
  /** The dcm2niix build and version that converted the series: its outputs depend on them (decision 0087). */
  converter: lenient(SeriesConverter),
  /** Why the conversion failed (status error). */
  error: lenient(z.string()),
  slideshow: lenient(z.number().int().min(0)),
  slideshowVersion: lenient(z.string()),
});
export type SeriesData = z.infer<typeof SeriesData>;

export function readSeriesData(raw: unknown): SeriesData {
  const parsed = SeriesData.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The column's text: only the keys the schema knows, so nothing else creeps in. */
export const seriesDataText = (data: SeriesData): string => JSON.stringify(SeriesData.parse(data));

/**
 * Where a series' files are: the folder its conversion recorded, which stays put when the series moves to
 * another study, else the one its current study gives.
 */
export function seriesFolder(
  series: { team_id: number; uuid: string; data: unknown },
  studyUuid: string,
): StorageKey {
  return readSeriesData(series.data).folder ?? seriesKey(series.team_id, studyUuid, series.uuid);
}

/** How many slideshow frames a series has (set once its frames are written). */
export const slideshowFrameCount = (data: unknown): number => readSeriesData(data).slideshow ?? 0;
