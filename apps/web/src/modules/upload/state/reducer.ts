import { lifecycleReducer, type LifecycleAction } from './lifecycle';
import type { UploadPageState } from './model';
import { recognitionReducer, type RecognitionAction } from './recognition';
import { seriesReducer, type SeriesAction } from './seriesEdits';
import { studyReducer, type StudyAction } from './studyEdits';

export type UploadAction = LifecycleAction | StudyAction | SeriesAction | RecognitionAction;

/** The /upload-v2 page's editing state: every change of studies, series and upload state goes through here. */
export function uploadReducer(state: UploadPageState, action: UploadAction): UploadPageState {
  switch (action.type) {
    case 'studiesRead':
    case 'next':
    case 'archiveSessionOpened':
    case 'archivesUploaded':
    case 'serverStudiesRead':
    case 'archivesFailed':
    case 'anonymizeAllChanged':
    case 'processed':
    case 'seriesStatusChanged':
    case 'studyStored':
    case 'convertingStarted':
    case 'finished':
    case 'cleared':
      return lifecycleReducer(state, action);
    case 'nameEditStarted':
    case 'nameEditCancelled':
    case 'nameSaved':
    case 'nameRestored':
    case 'studyAnonymizeChanged':
    case 'labelAttached':
    case 'labelDetached':
    case 'pipelineChanged':
    case 'studySelectionToggled':
      return studyReducer(state, action);
    case 'recognitionRequested':
    case 'recognitionStarted':
    case 'recognitionAnswered':
    case 'recognitionCancelled':
    case 'recognitionFailed':
      return recognitionReducer(state, action);
    default:
      return seriesReducer(state, action);
  }
}
