import { notifications } from '@mantine/notifications';
import { processErrors, uploadPlan } from './state/process';
import { useUpload } from './uploadContext';
import { usePipelines } from './useUploadApi';

/** Process (N selected): each failed validation is a danger toast; with none the upload starts. */
export function useProcessUpload(): () => void {
  const { page, startUpload } = useUpload();
  const pipelines = usePipelines();
  return () => {
    const errors = processErrors(page.studies, pipelines.data ?? []);
    for (const message of errors) notifications.show({ color: 'red', message });
    if (errors.length === 0) startUpload(uploadPlan(page));
  };
}
