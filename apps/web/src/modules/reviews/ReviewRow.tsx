import { Badge, Button, Table, Text } from '@mantine/core';
import type { ReviewListItem } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { openAnnotator } from '../annotator/openAnnotator';
import { ageOf } from './age';
import { ReviewStateBadge } from './ReviewStateBadge';

export interface ReviewRowProps {
  review: ReviewListItem;
}

/** One review: study, structure, author, age and state; Open goes to the annotator in review mode. */
export function ReviewRow({ review: r }: ReviewRowProps) {
  const open = () =>
    openAnnotator(r.study_uuid, {
      caseUuid: r.series_uuid,
      modality: r.modality_code,
      taskId: r.segmentation_id,
      mode: 'review',
    });
  return (
    <Table.Tr data-testid="review-row" data-segmentation-id={r.segmentation_id}>
      <Table.Td data-testid="review-study">
        {r.modality_code && (
          <Badge size="xs" variant="outline" mr={6}>
            {r.modality_code}
          </Badge>
        )}
        {r.patient_name || '—'}
      </Table.Td>
      <Table.Td data-testid="review-structure">{r.structure.title}</Table.Td>
      <Table.Td data-testid="review-author">{r.author?.name ?? '—'}</Table.Td>
      <Table.Td>
        <Text span size="sm" title={formatDate(r.submitted_at)} data-testid="review-age">
          {ageOf(r.submitted_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <ReviewStateBadge state={r.state} />
        {r.round > 1 && (
          <Text span size="xs" c="dimmed" ml={6}>
            round {r.round}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" onClick={open} aria-label={`Open ${r.structure.title} for review`}>
          Open
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
