import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { REVIEW_EVENT_TEXT } from '@voxa/contracts';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { MentionTextarea } from './MentionTextarea';
import { ReviewStateBadge } from './ReviewStateBadge';
import { useReview, useReviewActions } from './useReviewsApi';

export interface ReviewPanelProps {
  segmentationId: number;
}

/**
 * The annotator's review panel (review=true): the state, its actions for who may take them (the server's
 * `can`), the history and the comments, with a comment box that @mentions team members.
 */
export function ReviewPanel({ segmentationId }: ReviewPanelProps) {
  const review = useReview(segmentationId);
  const { action, comment } = useReviewActions(segmentationId);
  const [text, setText] = useState('');
  const r = review.data;
  if (!r) return <DataState error={review.error} />;
  const busy = action.isPending;
  const send = () =>
    comment.mutate(text.trim(), {
      onSuccess: () => setText(''),
    });

  return (
    <Stack gap="sm" data-testid="review-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5">
          Review
        </Title>
        <ReviewStateBadge state={r.state} />
      </Group>
      {r.submitted_by && r.submitted_at && (
        <Text size="xs" c="dimmed">
          Round {r.round}, submitted by {r.submitted_by.name} on {formatDate(r.submitted_at)}
        </Text>
      )}
      {(r.can.submit || r.can.decide) && (
        <Group gap="xs">
          {r.can.submit && (
            <Button size="xs" loading={busy} onClick={() => action.mutate('submit')}>
              Submit for review
            </Button>
          )}
          {r.can.decide && (
            <>
              <Button size="xs" color="green" loading={busy} onClick={() => action.mutate('approve')}>
                Approve
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={busy}
                onClick={() => action.mutate('requestChanges')}
              >
                Request changes
              </Button>
            </>
          )}
        </Group>
      )}
      <Stack gap={4} data-testid="review-history">
        <Text size="sm" fw={600}>
          History
        </Text>
        {r.history.length === 0 && (
          <Text size="xs" c="dimmed">
            Not submitted yet
          </Text>
        )}
        {r.history.map((e) => (
          <Text size="xs" key={e.id} data-testid="review-event">
            {REVIEW_EVENT_TEXT[e.kind]} · {e.user?.name ?? 'a former member'} · {formatDate(e.created_at)}
          </Text>
        ))}
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Comments
        </Text>
        {r.comments.length === 0 && (
          <Text size="xs" c="dimmed">
            No comments
          </Text>
        )}
        {r.comments.map((c) => (
          <div key={c.id} data-testid="review-comment">
            <Text size="xs" c="dimmed">
              {c.author?.name ?? 'A former member'} · {formatDate(c.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.body}
            </Text>
          </div>
        ))}
        {r.can.comment && (
          <>
            <MentionTextarea
              value={text}
              onChange={setText}
              members={r.mentionable}
              disabled={comment.isPending}
            />
            <Button
              size="xs"
              variant="light"
              onClick={send}
              loading={comment.isPending}
              disabled={text.trim() === ''}
            >
              Add comment
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
