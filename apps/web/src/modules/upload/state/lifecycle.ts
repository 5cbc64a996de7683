import type { SeriesConverter, StoredStudy } from '@voxa/contracts';
import type { UploadStudy } from '@voxa/imaging';
import {
  initialUploadState,
  pageStudyOf,
  type PageStudy,
  type SeriesStatus,
  type UploadPageState,
} from './model';
import { replaceSeries, updateSeriesStudy, updateStudy } from './update';

export type LifecycleAction =
  | { type: 'studiesRead'; studies: UploadStudy[] }
  /** Next: with archives among the files they go to the server first (zip_uploading). */
  | { type: 'next'; archives: boolean }
  | { type: 'archiveSessionOpened'; session: string }
  | { type: 'archivesUploaded' }
  /** The studies the server read from the archives join the dropped files' studies. */
  | { type: 'serverStudiesRead'; studies: UploadStudy[] }
  /** The archives could not be uploaded or read: the page goes on with the dropped files' studies. */
  | { type: 'archivesFailed' }
  | { type: 'anonymizeAllChanged'; anonymize: boolean }
  | { type: 'processed' }
  | {
      type: 'seriesStatusChanged';
      seriesId: string;
      status: SeriesStatus;
      warnings?: string[];
      converter?: SeriesConverter;
    }
  /** The server stored the study under this name (the team pseudonym when anonymised). */
  | { type: 'studyStored'; studyId: string; patientName: string; stored: StoredStudy }
  | { type: 'convertingStarted' }
  | { type: 'finished' }
  | { type: 'cleared' };

/** Process: selected series start uploading, every other series is skipped; open edits close. */
function process(state: UploadPageState): UploadPageState {
  const studies = state.studies.map((study) => ({
    ...study,
    edit: false,
    series: study.series.map((s) => ({
      ...s,
      status: s.isSelected ? ('uploading' as const) : ('skipped' as const),
    })),
  }));
  return { ...state, state: 'upload', studies, movingSeriesId: null };
}

/** The upload's states (section 4, V2 upload state); a transition from the wrong state is ignored. */
export function lifecycleReducer(state: UploadPageState, action: LifecycleAction): UploadPageState {
  switch (action.type) {
    case 'studiesRead':
      return state.state === 'ready' ? { ...state, studies: action.studies.map(pageStudyOf) } : state;
    case 'next':
      if (state.state !== 'ready') return state;
      if (action.archives) return { ...state, state: 'zip_uploading' };
      return state.studies.length > 0 ? { ...state, state: 'preview' } : state;
    case 'archiveSessionOpened':
      return state.state === 'zip_uploading' ? { ...state, serverSession: action.session } : state;
    case 'archivesUploaded':
      return state.state === 'zip_uploading' ? { ...state, state: 'zip_preview_processing' } : state;
    case 'serverStudiesRead':
      return state.state === 'zip_preview_processing'
        ? { ...state, state: 'preview', studies: [...state.studies, ...action.studies.map(pageStudyOf)] }
        : state;
    case 'archivesFailed':
      return state.state === 'zip_uploading' || state.state === 'zip_preview_processing'
        ? { ...state, state: 'preview' }
        : state;
    case 'anonymizeAllChanged':
      return state.state === 'ready' || state.state === 'preview'
        ? { ...state, anonymizeAll: action.anonymize }
        : state;
    case 'processed':
      return state.state === 'preview' ? process(state) : state;
    case 'seriesStatusChanged':
      return state.state === 'upload' || state.state === 'converting'
        ? updateSeriesStudy(state, action.seriesId, (_series, study) =>
            replaceSeries(study, action.seriesId, {
              status: action.status,
              ...(action.warnings && { conversionWarnings: action.warnings }),
              ...(action.converter && { converter: action.converter }),
            }),
          )
        : state;
    case 'studyStored':
      return state.state === 'upload' || state.state === 'converting'
        ? updateStudy(state, action.studyId, (study) => storedStudy(study, action.patientName, action.stored))
        : state;
    case 'convertingStarted':
      return state.state === 'upload' ? { ...state, state: 'converting' } : state;
    case 'finished':
      return state.state === 'upload' || state.state === 'converting'
        ? { ...state, state: 'finished' }
        : state;
    case 'cleared':
      return state.state === 'finished' ? initialUploadState() : state;
  }
}

/** The study as stored: its shown name, and the ids the server gave it and each of its series. */
function storedStudy(study: PageStudy, patientName: string, stored: StoredStudy): PageStudy {
  const remote = new Map(stored.series.map((s) => [s.clientId, { id: s.id, uuid: s.uuid }]));
  return {
    ...study,
    patientName,
    dbAttributes: { id: stored.id, uuid: stored.uuid },
    series: study.series.map((s) => ({ ...s, dbAttributes: remote.get(s.id) ?? null })),
  };
}
