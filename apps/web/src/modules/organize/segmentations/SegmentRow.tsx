import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { SEGMENT_TITLE_MAX, type Segment } from '@voxa/contracts';
import { useState } from 'react';
import { SegmentColor } from './SegmentColor';

export interface SegmentRowProps {
  segment: Segment;
  /** The caller may change the segmentation's segments (its `can.edit`). */
  editable: boolean;
  onRename: (name: string) => void;
  onRecolor: (color: string) => void;
  onDelete: () => void;
}

/** One segment: colour, title renamed inline (Enter saves, Escape cancels), its mask value, delete. */
export function SegmentRow({ segment, editable, onRename, onRecolor, onDelete }: SegmentRowProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const save = () => {
    const name = editing?.trim() ?? '';
    setEditing(null);
    if (name && name !== segment.title) onRename(name);
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="segment" data-segment-id={segment.id}>
      <SegmentColor title={segment.title} color={segment.color} disabled={!editable} onChange={onRecolor} />
      {editing === null ? (
        <Text
          size="sm"
          data-testid="segment-title"
          style={{ cursor: editable ? 'text' : undefined }}
          onDoubleClick={() => editable && setEditing(segment.title)}
        >
          {segment.title}
        </Text>
      ) : (
        <TextInput
          size="xs"
          autoFocus
          aria-label={`New name of ${segment.title}`}
          maxLength={SEGMENT_TITLE_MAX}
          value={editing}
          onChange={(event) => setEditing(event.currentTarget.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') setEditing(null);
          }}
        />
      )}
      <Text size="xs" c="dimmed">
        value {segment.value}
      </Text>
      {editable && editing === null && (
        <Group gap={2} ml="auto" wrap="nowrap">
          <Tooltip label="Rename">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Rename ${segment.title}`}
              onClick={() => setEditing(segment.title)}
            >
              <span aria-hidden>✎</span>
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete ${segment.title}`}
              onClick={onDelete}
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}
