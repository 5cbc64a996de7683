import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { SegmentationListItem } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { organizePath } from '../studies/paths';
import { segmentsPath } from './paths';
import { seriesLabel } from './segmentRows';

export interface SegmentationRowProps {
  segmentation: SegmentationListItem;
}

/** One segmentation: its study (to the organize panel), series, structure, segments (to /segments), author. */
export function SegmentationRow({ segmentation: s }: SegmentationRowProps) {
  return (
    <Table.Tr data-testid="segmentation-row" data-segmentation-id={s.id}>
      <Table.Td>
        <Anchor component={Link} to={organizePath(s.study_uuid)} aria-label={`Organize ${s.patient_name}`}>
          {s.patient_name || '—'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {s.modality_code && (
            <Badge size="xs" variant="outline" mr={6}>
              {s.modality_code}
            </Badge>
          )}
          {seriesLabel(s)}
        </Text>
      </Table.Td>
      <Table.Td data-testid="segmentation-structure">{s.structure.title}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={segmentsPath(s.id)} data-testid="segmentation-segments">
          {s.segments.length} {s.segments.length === 1 ? 'segment' : 'segments'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {s.rbac_enabled ? (
          <Badge variant="light">shared</Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            N/A
          </Text>
        )}
      </Table.Td>
      <Table.Td>{s.user_name ?? '—'}</Table.Td>
      <Table.Td>{formatDate(s.created_at)}</Table.Td>
    </Table.Tr>
  );
}
