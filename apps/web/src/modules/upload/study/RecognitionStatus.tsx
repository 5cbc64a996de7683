import { Button, Group, Loader, Text } from '@mantine/core';
import type { PageStudy } from '../state/model';
import { useCancelRecognition } from '../recognition/useCancelRecognition';

export const RECOGNIZING_TEXT = 'Recognizing acquisitions';
/** The completion message (section 4): our wording, the spec gives none. */
export const RECOGNIZED_TEXT = 'Acquisitions recognized automatically. Check them before processing.';

export interface RecognitionStatusProps {
  study: PageStudy;
}

/** The study's acquisition recognition: running with a Cancel, or its completion message. */
export function RecognitionStatus({ study }: RecognitionStatusProps) {
  const cancel = useCancelRecognition();
  if (study.acquisitionRecognizing) {
    return (
      <Group gap="xs" role="status" data-testid="recognition-running">
        <Loader size="xs" />
        <Text size="sm">{RECOGNIZING_TEXT}</Text>
        <Button size="compact-xs" variant="default" onClick={() => cancel(study)}>
          Cancel
        </Button>
      </Group>
    );
  }
  if (!study.acquisitionsRecognized) return null;
  return (
    <Text size="sm" c="teal" role="status" data-testid="recognition-done">
      {RECOGNIZED_TEXT}
    </Text>
  );
}
