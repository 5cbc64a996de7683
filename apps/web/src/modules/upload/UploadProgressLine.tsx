import { Progress, Text } from '@mantine/core';
import type { PageStudy } from './state/model';
import { uploadProgress } from './state/progress';

export interface UploadProgressLineProps {
  studies: PageStudy[];
}

/** The progress line shown while the upload runs: series uploaded of those selected. */
export function UploadProgressLine({ studies }: UploadProgressLineProps) {
  const { done, total } = uploadProgress(studies);
  return (
    <div role="status" aria-label="Upload progress">
      <Text size="sm" data-testid="upload-progress">
        Uploaded {done} of {total} series
      </Text>
      <Progress value={total ? (100 * done) / total : 0} aria-hidden />
    </div>
  );
}
