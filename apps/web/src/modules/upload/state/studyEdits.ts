import type { Label } from '@voxa/contracts';
import { cancelEditName, restoreName, saveName, setStudySelection, startEditName } from '@voxa/imaging';
import { studyCheckbox, type PageStudy, type UploadPageState } from './model';
import { updateStudy } from './update';

export type StudyAction =
  | { type: 'nameEditStarted'; studyId: string }
  | { type: 'nameEditCancelled'; studyId: string }
  | { type: 'nameSaved'; studyId: string; name: string }
  | { type: 'nameRestored'; studyId: string }
  | { type: 'studyAnonymizeChanged'; studyId: string; anonymize: boolean }
  | { type: 'labelAttached'; studyId: string; label: Label }
  | { type: 'labelDetached'; studyId: string; labelId: number }
  | { type: 'pipelineChanged'; studyId: string; pipelineCode: string | null }
  | { type: 'studySelectionToggled'; studyId: string };

function attachLabel(study: PageStudy, label: Label): PageStudy {
  if (study.labels.some((l) => l.id === label.id)) return study;
  return { ...study, labels: [...study.labels, label] };
}

/** A fully selected study is cleared; a partly or not selected one is filled (section 4, Selection). */
function toggleStudySelection(state: UploadPageState, study: PageStudy): PageStudy {
  const selected = studyCheckbox(study) !== true;
  return setStudySelection(study, selected, {
    uploadState: state.state,
    recognizing: study.acquisitionRecognizing,
  });
}

/** Study edits are made in preview only; before it the studies still change with every read. */
export function studyReducer(state: UploadPageState, action: StudyAction): UploadPageState {
  if (state.state !== 'preview') return state;
  const edit = (change: (study: PageStudy) => PageStudy) => updateStudy(state, action.studyId, change);
  switch (action.type) {
    case 'nameEditStarted':
      return edit(startEditName);
    case 'nameEditCancelled':
      return edit(cancelEditName);
    case 'nameSaved':
      // An empty name would leave the study without one: treated as Esc.
      return edit((study) =>
        action.name.trim() ? saveName(study, action.name.trim()) : cancelEditName(study),
      );
    case 'nameRestored':
      return edit(restoreName);
    case 'studyAnonymizeChanged':
      return edit((study) => ({ ...study, anonymize: action.anonymize }));
    case 'labelAttached':
      return edit((study) => attachLabel(study, action.label));
    case 'labelDetached':
      return edit((study) => ({ ...study, labels: study.labels.filter((l) => l.id !== action.labelId) }));
    case 'pipelineChanged':
      return edit((study) => ({ ...study, pipelineCode: action.pipelineCode }));
    case 'studySelectionToggled':
      return edit((study) => toggleStudySelection(state, study));
  }
}
