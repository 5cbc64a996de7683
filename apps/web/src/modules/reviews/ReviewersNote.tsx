import { Text } from '@mantine/core';
import type { Segmentation } from '@voxa/contracts';

export interface ReviewersNoteProps {
  segmentation: Pick<Segmentation, 'reviewers' | 'nobody_reviews'>;
}

/** Who can review a segmentation, or why nobody can, in the server's words (decision 0093). */
export function ReviewersNote({ segmentation: s }: ReviewersNoteProps) {
  return s.nobody_reviews ? (
    <Text size="xs" c="orange.8" data-testid="segmentation-reviewers">
      {s.nobody_reviews}
    </Text>
  ) : (
    <Text size="xs" c="dimmed" data-testid="segmentation-reviewers">
      Can review: {s.reviewers.join(', ')}
    </Text>
  );
}
