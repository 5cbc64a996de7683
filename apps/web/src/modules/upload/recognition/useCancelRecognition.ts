import { useCallback } from 'react';
import type { PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { cancelPrompt } from './cancelPrompt';

/**
 * The study's Cancel: it stops recognising at once and its acquisitions stay. Without a prompt id yet,
 * the request's answer cancels the prompt when it comes (useAcquisitionRecognition).
 */
export function useCancelRecognition(): (study: PageStudy) => void {
  const { dispatch } = useUpload();
  return useCallback(
    (study) => {
      if (study.llmRemoteId) cancelPrompt(study.llmRemoteId);
      dispatch({ type: 'recognitionCancelled', studyId: study.id });
    },
    [dispatch],
  );
}
