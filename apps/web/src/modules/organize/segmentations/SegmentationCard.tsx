import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Segmentation } from '@voxa/contracts';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { ReviewersNote } from '../../reviews/ReviewersNote';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { MaskRevisions } from './MaskRevisions';
import type { RoleBox } from './rules';
import { RoleBoxes } from './RoleBoxes';
import { SegmentRow } from './SegmentRow';
import {
  useCreateSegment,
  useDeleteSegment,
  useRecolorSegment,
  useRemoveSegmentation,
  useRenameSegment,
} from './useSegmentationsApi';

export interface SegmentationCardProps {
  studyUuid: string;
  segmentation: Segmentation;
  onAddUser: (segmentation: Segmentation, box: RoleBox) => void;
}

/** One segmentation: its structure, author and date, who can review it, its segments, and its role boxes. */
export function SegmentationCard({ studyUuid, segmentation: s, onAddUser }: SegmentationCardProps) {
  const remove = useRemoveSegmentation(studyUuid);
  const createSegment = useCreateSegment(studyUuid);
  const rename = useRenameSegment(studyUuid);
  const recolor = useRecolorSegment(studyUuid);
  const deleteSegment = useDeleteSegment(studyUuid);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const title = s.structure.title;

  return (
    <Paper
      withBorder
      p="xs"
      component="article"
      aria-label={`Segmentation ${title}`}
      data-testid="segmentation"
      data-segmentation-id={s.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="segmentation-structure">
              {title}
            </Text>
            {s.structure.category && (
              <Badge size="xs" variant="light">
                {s.structure.category.title}
              </Badge>
            )}
            <Badge size="xs" variant="outline" color={s.rbac_enabled ? 'blue' : 'gray'}>
              {s.rbac_enabled ? 'Shared' : 'Not shared'}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            {s.mask_revision !== null && (
              <Button
                size="xs"
                variant="subtle"
                aria-label={`Revisions of ${title}`}
                onClick={() => setRevisionsOpen(true)}
              >
                Revisions
              </Button>
            )}
            {s.can.delete && (
              <ConfirmButton
                label="Delete segmentation"
                ariaLabel={`Delete segmentation ${title}`}
                question={`Delete the segmentation ${title} with its segments and mask?`}
                loading={remove.isPending}
                onConfirm={() => remove.mutate(s)}
              />
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" data-testid="segmentation-meta">
          {s.user_name ?? 'Unknown author'} · {formatDate(s.created_at)}
        </Text>
        <ReviewersNote segmentation={s} />
        <Stack gap={4} data-testid="segments">
          {s.segments.length === 0 && (
            <Text size="xs" c="dimmed">
              No segments yet.
            </Text>
          )}
          {s.segments.map((segment) => (
            <SegmentRow
              key={segment.id}
              segment={segment}
              editable={s.can.edit}
              onRename={(name) => rename.mutate({ segmentation: s, segment, name })}
              onRecolor={(color) => recolor.mutate({ segmentation: s, segment, color })}
              onDelete={() => deleteSegment.mutate({ segmentation: s, segment })}
            />
          ))}
        </Stack>
        <Tooltip
          label="Only the users assigned to this shared segmentation may change it"
          disabled={s.can.edit}
        >
          <Group>
            <Button
              size="compact-xs"
              variant="light"
              disabled={!s.can.edit}
              loading={createSegment.isPending}
              onClick={() => createSegment.mutate(s)}
            >
              Add segment
            </Button>
          </Group>
        </Tooltip>
        <RoleBoxes studyUuid={studyUuid} segmentation={s} onAdd={(box) => onAddUser(s, box)} />
      </Stack>
      <MaskRevisions
        studyUuid={studyUuid}
        segmentation={s}
        opened={revisionsOpen}
        onClose={() => setRevisionsOpen(false)}
      />
    </Paper>
  );
}
