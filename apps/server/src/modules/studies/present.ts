import { encodeStudyId, type Label, type SeriesListItem, type StudyListItem } from '@voxa/contracts';
import type { StudyRow } from '../../platform/db/schema';
import { iso } from '../common/time';
import { readSeriesData } from './series-data';

/** The series columns the lists read. */
export interface SeriesRowForList {
  id: number;
  uuid: string;
  study_id: number;
  series_number: number | null;
  acquisition_code: string | null;
  score: number | null;
  ref_serie: boolean;
  sort: number;
  modality_code: string | null;
  status: string;
  data: Record<string, unknown>;
}

/** URLs (under /api) of a series' slideshow frames; the version makes them safe to cache for good. */
export function slideshowUrls(series: Pick<SeriesRowForList, 'uuid' | 'data'>): string[] {
  const { slideshow: frames = 0, slideshowVersion: version = '0' } = readSeriesData(series.data);
  return Array.from(
    { length: frames },
    (_, frame) => `/api/studies-v2/slideshow/${series.uuid}/${frame}?v=${encodeURIComponent(version)}`,
  );
}

export function presentSeries(row: SeriesRowForList): SeriesListItem {
  const { warnings = [], converter } = readSeriesData(row.data);
  return {
    id: row.id,
    uuid: row.uuid,
    study_id: row.study_id,
    series_number: row.series_number,
    acquisition_code: row.acquisition_code,
    score: row.score,
    ...(row.ref_serie && { ref_serie: true as const }),
    sort: row.sort,
    modality_code: row.modality_code,
    status: row.status,
    slideshow: slideshowUrls(row),
    ...(warnings.length > 0 && { warnings }),
    ...(converter && { converter }),
  };
}

/** A study's segmentation as the list query's json_agg gives it: timestamps as Postgres writes them. */
export interface SegmentationCountRow {
  id: number;
  parent_id: number;
  created_at: string;
  updated_at: string;
  item_count: number;
}

export interface StudyExtras {
  labels: Label[];
  slideshow: string[];
  seriesCount: number;
  segmentations: SegmentationCountRow[];
}

function presentSegmentationCount(row: SegmentationCountRow): StudyListItem['segmentations'][number] {
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export function presentStudy(
  row: Pick<StudyRow, 'id' | 'uuid' | 'status' | 'upload_id' | 'data' | 'created_at' | 'updated_at'>,
  extras: StudyExtras,
): StudyListItem {
  const { patientName, modality } = row.data;
  return {
    id: row.id,
    uuid: row.uuid,
    study_id: encodeStudyId(row.id),
    status: row.status,
    upload_id: row.upload_id,
    data: {
      patientName: typeof patientName === 'string' ? patientName : '',
      modality: typeof modality === 'string' ? modality : null,
    },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    labels: extras.labels,
    cachedSlideshow: extras.slideshow,
    segmentations: extras.segmentations.map(presentSegmentationCount),
    series_count: extras.seriesCount,
  };
}
