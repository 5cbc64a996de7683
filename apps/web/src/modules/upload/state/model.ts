import type { Label, SeriesConverter } from '@voxa/contracts';
import {
  autoReferenceSeries,
  studySelection,
  type TriState,
  withReference,
  type UploadSeries,
  type UploadStudy,
  type V2UploadState,
} from '@voxa/imaging';

/** Series status (upload-and-organize.md section 4); null until Process. */
export type SeriesStatus =
  'skipped' | 'uploading' | 'uploaded' | 'converting' | 'generatingNii' | 'done' | 'error';

/** Where a study or series is stored (section 3, dbAttributes); null until the server answers. */
export interface DbAttributes {
  id: number;
  uuid: string;
}

export interface PageSeries extends UploadSeries {
  status: SeriesStatus | null;
  dbAttributes: DbAttributes | null;
  /** What dcm2niix warned of when the server converted it. */
  conversionWarnings?: string[];
  /** Which dcm2niix the server converted it with (decision 0087). */
  converter?: SeriesConverter;
}

/** A study as the page edits it: the ingest's study plus the spec's page-only fields (section 3). */
export interface PageStudy extends Omit<UploadStudy, 'series'> {
  series: PageSeries[];
  labels: Label[];
  pipelineCode: string | null;
  /** Acquisition recognition runs for this study; selection is blocked meanwhile (section 4, Selection). */
  acquisitionRecognizing: boolean;
  /** The recognition prompt of this study (POST /llm/prompts); null until its request is answered. */
  llmRemoteId: string | null;
  /** The recognition answered with success: the page shows its completion message. */
  acquisitionsRecognized: boolean;
  /** The reference was set by hand, so acquisition changes no longer move it to the automatic choice. */
  referenceChosen: boolean;
  dbAttributes: DbAttributes | null;
}

export interface UploadPageState {
  state: V2UploadState;
  anonymizeAll: boolean;
  studies: PageStudy[];
  /** The NIfTI series chosen with Move, waiting for a Move here. */
  movingSeriesId: string | null;
  /**
   * The upload session opened for the dropped archives (zip_uploading): their series are read on the
   * server, and the transfer after Process goes on in the same session. Null without archives.
   */
  serverSession: string | null;
}

export function initialUploadState(): UploadPageState {
  return { state: 'ready', anonymizeAll: true, studies: [], movingSeriesId: null, serverSession: null };
}

/** Reference follows the rules until someone picks one by hand. */
export function withAutoReference(study: PageStudy): PageStudy {
  return study.referenceChosen ? study : withReference(study, autoReferenceSeries(study));
}

export function pageStudyOf(study: UploadStudy): PageStudy {
  return withAutoReference({
    ...study,
    series: study.series.map((series) => ({ ...series, status: null, dbAttributes: null })),
    labels: [],
    pipelineCode: null,
    acquisitionRecognizing: false,
    llmRemoteId: null,
    acquisitionsRecognized: false,
    referenceChosen: false,
    dbAttributes: null,
  });
}

export function findSeries(studies: PageStudy[], seriesId: string): PageSeries | undefined {
  for (const study of studies) {
    const series = study.series.find((s) => s.id === seriesId);
    if (series) return series;
  }
  return undefined;
}

export function selectedCount(studies: PageStudy[]): number {
  return studies.reduce((sum, study) => sum + study.series.filter((s) => s.isSelected).length, 0);
}

/** The study checkbox: over the valid series only, since an invalid one can never be checked. */
export function studyCheckbox(study: PageStudy): TriState {
  return studySelection(study.series.filter((s) => s.valid));
}
