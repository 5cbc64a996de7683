import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { MiniUploadPanel } from './MiniUploadPanel';
import { useAcquisitionRecognition } from './recognition/useAcquisitionRecognition';
import { useArchiveStage } from './useArchiveStage';
import { initialUploadState } from './state/model';
import { warnsOnLeave } from './state/leave';
import type { UploadPlan } from './state/process';
import { uploadReducer } from './state/reducer';
import { UploadContext, type UploadProcessor, type UploadProgress } from './uploadContext';
import { useIngest } from './useIngest';
import { useUploadTransfer } from './useUploadTransfer';
import { useBeforeUnloadWarning } from './useLeaveWarning';

export interface UploadProviderProps {
  children: ReactNode;
  /** Replaces the transfer (chunked upload, then conversion) that runs after Process. */
  onProcess?: UploadProcessor;
}

/**
 * Holds the upload above the routes (ingest session, studies with their edits), so leaving /upload-v2
 * keeps it going in the floating mini panel.
 */
export function UploadProvider({ children, onProcess }: UploadProviderProps) {
  const { snapshot, add, fileOf, reset } = useIngest();
  const transfer = useUploadTransfer(fileOf);
  const processor = onProcess ?? transfer;
  const [page, dispatch] = useReducer(uploadReducer, undefined, initialUploadState);
  useEffect(() => dispatch({ type: 'studiesRead', studies: snapshot.studies }), [snapshot.studies]);
  useBeforeUnloadWarning(warnsOnLeave(page.state));
  useAcquisitionRecognition(page, dispatch);
  const archives = useArchiveStage(page, snapshot, fileOf, dispatch);

  const progress = useMemo<UploadProgress>(
    () => ({
      seriesStatus: (seriesId, status, warnings, converter) =>
        dispatch({
          type: 'seriesStatusChanged',
          seriesId,
          status,
          ...(warnings && { warnings }),
          ...(converter && { converter }),
        }),
      studyStored: (studyId, patientName, stored) =>
        dispatch({ type: 'studyStored', studyId, patientName, stored }),
      converting: () => dispatch({ type: 'convertingStarted' }),
      finished: () => dispatch({ type: 'finished' }),
    }),
    [],
  );
  const startUpload = useCallback(
    (plan: UploadPlan) => {
      dispatch({ type: 'processed' });
      processor(plan, progress);
    },
    [processor, progress],
  );
  const clear = useCallback(() => {
    reset();
    dispatch({ type: 'cleared' });
  }, [reset]);

  const value = useMemo(
    () => ({ snapshot, add, fileOf, page, dispatch, startUpload, clear, archives }),
    [snapshot, add, fileOf, page, startUpload, clear, archives],
  );
  return (
    <UploadContext.Provider value={value}>
      {children}
      <MiniUploadPanel />
    </UploadContext.Provider>
  );
}
