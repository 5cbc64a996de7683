import type { FileRef } from '@voxa/imaging';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';
import { browserConnection } from './transfer/browserConnection';
import { conversionWaiter } from './transfer/conversionEvents';
import { runUpload } from './transfer/runUpload';
import type { UploadProcessor } from './uploadContext';

export const UPLOAD_FINISHED_MESSAGE = 'Upload finished!';

/**
 * The page's transfer: chunked upload, each series converted once stored, upload-finished, then the toast
 * 'Upload finished!'. A failed call ends the run with its series in error; it is logged (section 8).
 */
export function useUploadTransfer(fileOf: (ref: FileRef) => File | undefined): UploadProcessor {
  const socket = useSocket();
  const socketRef = useRef(socket);
  socketRef.current = socket;
  return useCallback<UploadProcessor>(
    (plan, progress) => {
      const events = socketRef.current;
      const states = (studyId: number) => call(api.studies.series, { params: { studyId } });
      const conversionEnd = events
        ? conversionWaiter(events, states)
        : () => Promise.reject(new Error('No connection for conversion events'));
      runUpload(plan, progress, { call, connection: browserConnection(), fileOf, conversionEnd })
        .then(() => notifications.show({ color: 'green', message: UPLOAD_FINISHED_MESSAGE }))
        .catch((error: unknown) => {
          console.error('Upload failed', error);
          for (const planned of plan.studies)
            for (const series of planned.series) progress.seriesStatus(series.id, 'error');
          progress.finished();
        });
    },
    [fileOf],
  );
}
