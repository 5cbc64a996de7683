import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { SegmentationDetail } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { organizePath } from '../studies/paths';
import { SegmentRow } from './SegmentRow';
import { segmentRows, seriesLabel } from './segmentRows';
import { useSegmentChanges } from './useSegmentationsApi';

const COLUMNS = ['Value', 'Colour', 'Title', 'Revision', 'State', ''];

export interface SegmentsViewProps {
  segmentation: SegmentationDetail;
}

/** One segmentation's segments; those who may not edit it see them read-only. */
export function SegmentsView({ segmentation: s }: SegmentsViewProps) {
  const changes = useSegmentChanges(s);
  const editable = s.can.edit;
  const rows = segmentRows(s.segments, s.deleted_segments);
  return (
    <Stack gap="sm" data-testid="segments-page" data-editable={editable}>
      <PageHeader
        title={`${s.structure.title} · segments`}
        actions={
          editable && (
            <Button loading={changes.add.isPending} onClick={() => changes.add.mutate()}>
              Add segment
            </Button>
          )
        }
      />
      <Group gap="lg">
        <Anchor component={Link} to={organizePath(s.study_uuid)}>
          {s.patient_name || '—'}
        </Anchor>
        <Text size="sm">Series {seriesLabel(s)}</Text>
        <Text size="sm">{s.rbac_enabled ? 'Shared (rbac)' : 'Not shared (N/A)'}</Text>
        <Text size="sm" c="dimmed">
          {s.user_name ?? '—'} · {formatDate(s.created_at)}
        </Text>
      </Group>
      {!editable && (
        <Alert color="gray" variant="light" data-testid="segments-read-only">
          Read only: you may see this segmentation’s segments, but not change them.
        </Alert>
      )}
      <DataTable testId="segments-table" minWidth={720} columns={COLUMNS}>
        {rows.map((segment) => (
          <SegmentRow
            key={`${segment.id}:${segment.title}:${segment.color}`}
            segment={segment}
            editable={editable}
            onRename={(name) => changes.rename.mutate({ segment, name })}
            onRecolor={(color) => changes.recolor.mutate({ segment, color })}
            onDelete={() => changes.remove.mutate(segment)}
          />
        ))}
      </DataTable>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="segments-empty">
          No segments yet
        </Text>
      )}
    </Stack>
  );
}
