import {
  chooseManually,
  defaultAcquisition,
  isSelectable,
  moveSeries,
  studyModality,
  toggleReference,
} from '@voxa/imaging';
import { findSeries, withAutoReference, type PageStudy, type UploadPageState } from './model';
import { replaceSeries, updateSeriesStudy } from './update';

export type SeriesAction =
  | { type: 'seriesSelectionToggled'; seriesId: string }
  | { type: 'seriesNumberChanged'; seriesId: string; seriesNumber: number | null }
  | { type: 'acquisitionChosen'; seriesId: string; code: string }
  | { type: 'modalityChosen'; seriesId: string; modality: string }
  | { type: 'referenceToggled'; seriesId: string }
  | { type: 'moveStarted'; seriesId: string }
  | { type: 'moveCancelled' }
  | { type: 'movedHere'; studyId: string };

/** A NIfTI series' new modality: the acquisition starts over from that modality's default. */
function chooseModality(study: PageStudy, seriesId: string, modality: string): PageStudy {
  const changed = replaceSeries(study, seriesId, {
    modalityCode: modality,
    acquisitionCode: defaultAcquisition(modality),
    score: 0,
  });
  return withAutoReference({
    ...changed,
    modality: studyModality(changed.series.map((s) => s.modalityCode)),
  });
}

function moveHere(state: UploadPageState, studyId: string): UploadPageState {
  if (!state.movingSeriesId) return state;
  const moved = moveSeries(state.studies, state.movingSeriesId, studyId);
  if (!moved.ok) return state;
  const touched = new Set(state.studies.filter((s, i) => moved.studies[i] !== s).map((s) => s.id));
  // Both studies' recognition starts over, so their reference is the rules' again.
  const studies = moved.studies.map((s) =>
    touched.has(s.id) ? { ...s, referenceChosen: false, acquisitionsRecognized: false } : s,
  );
  return { ...state, studies, movingSeriesId: null };
}

/** Series edits, in preview only. */
export function seriesReducer(state: UploadPageState, action: SeriesAction): UploadPageState {
  if (state.state !== 'preview') return state;
  switch (action.type) {
    case 'seriesSelectionToggled':
      return updateSeriesStudy(state, action.seriesId, (series, study) =>
        isSelectable(series, state.state, study.acquisitionRecognizing)
          ? replaceSeries(study, series.id, { isSelected: !series.isSelected })
          : study,
      );
    case 'seriesNumberChanged':
      return updateSeriesStudy(state, action.seriesId, (series, study) =>
        series.type === 'dcm'
          ? replaceSeries(study, series.id, { seriesNumber: action.seriesNumber })
          : study,
      );
    case 'acquisitionChosen':
      return updateSeriesStudy(state, action.seriesId, (series, study) =>
        withAutoReference(replaceSeries(study, series.id, chooseManually(action.code))),
      );
    case 'modalityChosen':
      return updateSeriesStudy(state, action.seriesId, (series, study) =>
        series.type === 'nii' ? chooseModality(study, series.id, action.modality) : study,
      );
    case 'referenceToggled':
      return updateSeriesStudy(state, action.seriesId, (series, study) => ({
        ...toggleReference(study, series.id),
        referenceChosen: true,
      }));
    case 'moveStarted':
      return findSeries(state.studies, action.seriesId)?.type === 'nii'
        ? { ...state, movingSeriesId: action.seriesId }
        : state;
    case 'moveCancelled':
      return { ...state, movingSeriesId: null };
    case 'movedHere':
      return moveHere(state, action.studyId);
  }
}
