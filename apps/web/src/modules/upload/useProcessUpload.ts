import { notifications } from '@mantine/notifications';
import { selectedSeriesMissingAcquisition } from '@voxa/imaging';
import { useState } from 'react';
import { revealSeries } from './series/markedSeries';
import { processErrors, uploadPlan } from './state/process';
import { useUpload } from './uploadContext';
import { useAcquisitions, usePipelines } from './useUploadApi';

/**
 * Process (N selected): each failed validation is a danger toast, and the series lacking an acquisition
 * are marked with the first scrolled into view; with no error the upload starts.
 */
export function useProcessUpload(): { process: () => void; marked: ReadonlySet<string> } {
  const { page, startUpload } = useUpload();
  const pipelines = usePipelines();
  const acquisitions = useAcquisitions();
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const process = () => {
    const errors = processErrors(page.studies, pipelines.data ?? [], acquisitions.data);
    for (const message of errors) notifications.show({ color: 'red', message });
    const missing = selectedSeriesMissingAcquisition(page.studies, acquisitions.data);
    setMarked(new Set(missing));
    if (missing[0]) revealSeries(missing[0]);
    if (errors.length === 0) startUpload(uploadPlan(page));
  };
  return { process, marked };
}
