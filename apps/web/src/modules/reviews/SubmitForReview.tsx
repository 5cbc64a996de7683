import { Button, Group } from '@mantine/core';
import { ReviewStateBadge } from './ReviewStateBadge';
import { useReview, useReviewActions } from './useReviewsApi';

export interface SubmitForReviewProps {
  segmentationId: number;
  /** Unsaved edits: what a reviewer would see is not what is on screen yet. */
  unsaved: boolean;
}

/** The author's side of a review in the annotator: its state, and 'Submit for review' when it may be. */
export function SubmitForReview({ segmentationId, unsaved }: SubmitForReviewProps) {
  const review = useReview(segmentationId);
  const { action } = useReviewActions(segmentationId);
  if (!review.data) return null;
  return (
    <Group gap="xs" justify="space-between" data-testid="submit-for-review">
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
  );
}
