import { Badge } from '@mantine/core';
import { REVIEW_STATE_TEXT, type ReviewState } from '@voxa/contracts';

const COLOR: Record<ReviewState, string> = { pending: 'yellow', approved: 'green', changes_requested: 'red' };

export interface ReviewStateBadgeProps {
  state: ReviewState | null;
}

/** A review's state; 'Not submitted' before the first submission. */
export function ReviewStateBadge({ state }: ReviewStateBadgeProps) {
  return (
    <Badge color={state ? COLOR[state] : 'gray'} variant="light" data-testid="review-state">
      {state ? REVIEW_STATE_TEXT[state] : 'Not submitted'}
    </Badge>
  );
}
