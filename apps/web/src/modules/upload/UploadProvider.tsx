import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { MiniUploadPanel } from './MiniUploadPanel';
import { useAcquisitionRecognition } from './recognition/useAcquisitionRecognition';
import { initialUploadState } from './state/model';
import { warnsOnLeave } from './state/leave';
import type { UploadPlan } from './state/process';
import { uploadReducer } from './state/reducer';
import { UploadContext, type UploadProcessor, type UploadProgress } from './uploadContext';
import { useIngest } from './useIngest';
import { useBeforeUnloadWarning } from './useLeaveWarning';

export interface UploadProviderProps {
  children: ReactNode;
  /** The transfer (chunked upload, conversion); without one the upload stays in state upload. */
  onProcess?: UploadProcessor;
}

/**
 * Holds the upload above the routes (ingest session, studies with their edits), so leaving /upload-v2
 * keeps it going in the floating mini panel.
 */
export function UploadProvider({ children, onProcess }: UploadProviderProps) {
  const { snapshot, add, fileOf, reset } = useIngest();
  const [page, dispatch] = useReducer(uploadReducer, undefined, initialUploadState);
  useEffect(() => dispatch({ type: 'studiesRead', studies: snapshot.studies }), [snapshot.studies]);
  useBeforeUnloadWarning(warnsOnLeave(page.state));
  useAcquisitionRecognition(page, dispatch);

  const progress = useMemo<UploadProgress>(
    () => ({
      seriesStatus: (seriesId, status) => dispatch({ type: 'seriesStatusChanged', seriesId, status }),
      converting: () => dispatch({ type: 'convertingStarted' }),
      finished: () => dispatch({ type: 'finished' }),
    }),
    [],
  );
  const startUpload = useCallback(
    (plan: UploadPlan) => {
      dispatch({ type: 'processed' });
      onProcess?.(plan, progress);
    },
    [onProcess, progress],
  );
  const clear = useCallback(() => {
    reset();
    dispatch({ type: 'cleared' });
  }, [reset]);

  const value = useMemo(
    () => ({ snapshot, add, fileOf, page, dispatch, startUpload, clear }),
    [snapshot, add, fileOf, page, startUpload, clear],
  );
  return (
    <UploadContext.Provider value={value}>
      {children}
      <MiniUploadPanel />
    </UploadContext.Provider>
  );
}
