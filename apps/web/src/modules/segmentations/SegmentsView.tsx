import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { SegmentationDetail } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { organizePath } from '../studies/paths';
import { SegmentRow } from './SegmentRow';
import { segmentRows, seriesLabel } from './segmentRows';
import { SEGMENT_TOASTS } from './segmentToasts';
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
            <Button
              loading={changes.add.isPending}
              onClick={() =>
                changes.add.mutate(undefined, {
                  onSuccess: () => notifySuccess(SEGMENT_TOASTS.created),
                  onError: notifyError,
                })
              }
            >
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
            onRename={(name) =>
              changes.rename.mutate(
                { segmentId: segment.id, name },
                { onSuccess: () => notifySuccess(SEGMENT_TOASTS.renamed(segment.id)), onError: notifyError },
              )
            }
            onRecolor={(color) =>
              changes.recolor.mutate(
                { segmentId: segment.id, color },
                { onSuccess: () => notifySuccess(SEGMENT_TOASTS.recoloured), onError: notifyError },
              )
            }
            onDelete={() =>
              changes.remove.mutate(segment.id, {
                onSuccess: () => notifySuccess(SEGMENT_TOASTS.deleted),
                onError: notifyError,
              })
            }
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
