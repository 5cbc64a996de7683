import { Button, Group, Stack } from '@mantine/core';
import type { Segmentation } from '@voxa/contracts';
import { ReviewersNote } from './ReviewersNote';
import { ReviewStateBadge } from './ReviewStateBadge';
import { useReview, useReviewActions } from './useReviewsApi';

export interface SubmitForReviewProps {
  segmentation: Pick<Segmentation, 'id' | 'reviewers' | 'nobody_reviews'>;
  /** Unsaved edits: what a reviewer would see is not what is on screen yet. */
  unsaved: boolean;
}

/**
 * The author's side of a review in the annotator: its state, 'Submit for review' when it may be, and who
 * can review it (or why nobody can).
 */
export function SubmitForReview({ segmentation, unsaved }: SubmitForReviewProps) {
  const review = useReview(segmentation.id);
  const { action } = useReviewActions(segmentation.id);
  if (!review.data) return null;
  return (
    <Stack gap={4} data-testid="submit-for-review">
      <Group gap="xs" justify="space-between">
        <ReviewStateBadge state={review.data.state} />
        {review.data.can.submit && (
          <Button
            size="xs"
            variant="light"
            disabled={unsaved}
            title={unsaved ? 'Save the mask first' : undefined}
            loading={action.isPending}
            onClick={() => action.mutate('submit')}
          >
            Submit for review
          </Button>
        )}
      </Group>
      <ReviewersNote segmentation={segmentation} />
    </Stack>
  );
}
