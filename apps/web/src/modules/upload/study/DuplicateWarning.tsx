import { Alert } from '@mantine/core';
import { useStudyExists } from '../useUploadApi';

export const DUPLICATE_STUDY_WARNING = 'Study exists in your team. Study will be duplicate.';

export interface DuplicateWarningProps {
  studyInstanceUid: string | null;
}

/** Shown when the team already holds a study with this StudyInstanceUID. */
export function DuplicateWarning({ studyInstanceUid }: DuplicateWarningProps) {
  const exists = useStudyExists(studyInstanceUid);
  if (exists.data !== true) return null;
  return (
    <Alert color="yellow" data-testid="duplicate-warning">
      {DUPLICATE_STUDY_WARNING}
    </Alert>
  );
}
