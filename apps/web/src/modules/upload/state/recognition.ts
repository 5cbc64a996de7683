import type { RecognisedSeries, RecognitionResponse } from '@voxa/contracts';
import { acceptRecognized, isChosenManually, type AcquisitionOption } from '@voxa/imaging';
import { withAutoReference, type PageStudy, type UploadPageState } from './model';
import { updateStudy } from './update';

export interface StartedPrompt {
  studyId: string;
  llmRemoteId: string;
}

/** Acquisition recognition of a study (section 4, Auto recognition). */
export type RecognitionAction =
  /** POST /llm/prompts was sent for these studies. */
  | { type: 'recognitionRequested'; studyIds: string[] }
  /** Its 202 named one prompt per study. */
  | { type: 'recognitionStarted'; prompts: StartedPrompt[] }
  /** `upload:study:aiprompt:response`, checked against the acquisitions GET /acquisition offers. */
  | { type: 'recognitionAnswered'; response: RecognitionResponse; acquisitions: AcquisitionOption[] }
  | { type: 'recognitionCancelled'; studyId: string }
  /** The request failed (llmRemoteId null) or the prompt had no answer in time. */
  | { type: 'recognitionFailed'; studyId: string; llmRemoteId: string | null };

/**
 * Whether `llmRemoteId` is the study's running prompt. Before the 202 the id is not known yet, and an
 * answer can beat the 202 to the page (separate connections), so a running study without one matches.
 */
export function awaitsPrompt(study: PageStudy, llmRemoteId: string | null): boolean {
  return study.acquisitionRecognizing && (study.llmRemoteId === null || study.llmRemoteId === llmRemoteId);
}

const stopped = (study: PageStudy): PageStudy => ({ ...study, acquisitionRecognizing: false });

/** Recognised acquisitions, each held to the modality's options; a person's choice stays. */
function applyRecognised(
  study: PageStudy,
  data: RecognisedSeries[],
  acquisitions: AcquisitionOption[],
): PageStudy {
  const answers = new Map(data.map((answer) => [answer.id, answer]));
  const series = study.series.map((s) => {
    const answer = answers.get(s.id);
    if (!answer || isChosenManually(s)) return s;
    // Never above 1: a recognition must not pass for a person's choice (1.1).
    const score = Math.min(answer.score, 1);
    return { ...s, ...acceptRecognized(answer.acquisitionCode, s.modalityCode, acquisitions, score) };
  });
  return withAutoReference({ ...study, series, acquisitionRecognizing: false, acquisitionsRecognized: true });
}

function answer(state: UploadPageState, action: Extract<RecognitionAction, { type: 'recognitionAnswered' }>) {
  const { response } = action;
  return updateStudy(state, response.studyId, (study) => {
    if (!awaitsPrompt(study, response.llmRemoteId)) return study;
    const answered = { ...study, llmRemoteId: response.llmRemoteId };
    // An error does not mark completion: the acquisitions stay as they are.
    return response.type === 'success'
      ? applyRecognised(answered, response.data, action.acquisitions)
      : stopped(answered);
  });
}

/**
 * Starts and answers are taken in preview only, where acquisitions are edited; a study can stop
 * recognising in any state (Process cancels what still runs).
 */
export function recognitionReducer(state: UploadPageState, action: RecognitionAction): UploadPageState {
  const inPreview = state.state === 'preview';
  switch (action.type) {
    case 'recognitionRequested':
      if (!inPreview) return state;
      return action.studyIds.reduce(
        (next, studyId) =>
          updateStudy(next, studyId, (study) => ({
            ...study,
            acquisitionRecognizing: true,
            llmRemoteId: null,
            acquisitionsRecognized: false,
          })),
        state,
      );
    case 'recognitionStarted':
      return action.prompts.reduce(
        (next, prompt) =>
          updateStudy(next, prompt.studyId, (study) =>
            study.acquisitionRecognizing && study.llmRemoteId === null
              ? { ...study, llmRemoteId: prompt.llmRemoteId }
              : study,
          ),
        state,
      );
    case 'recognitionAnswered':
      return inPreview ? answer(state, action) : state;
    case 'recognitionCancelled':
      return updateStudy(state, action.studyId, (study) =>
        study.acquisitionRecognizing ? stopped(study) : study,
      );
    case 'recognitionFailed':
      return updateStudy(state, action.studyId, (study) =>
        study.acquisitionRecognizing && study.llmRemoteId === action.llmRemoteId ? stopped(study) : study,
      );
  }
}
