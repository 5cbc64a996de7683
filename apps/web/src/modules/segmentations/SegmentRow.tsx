import { Badge, Button, ColorInput, ColorSwatch, Group, Table, Text, TextInput } from '@mantine/core';
import { SEGMENT_PALETTE, SEGMENT_TITLE_MAX, type Segment } from '@voxa/contracts';
import { useState } from 'react';
import { ConfirmButton } from '../../ui/ConfirmButton';

export interface SegmentRowProps {
  segment: Segment;
  /** The caller may change this segmentation's segments (its `can.edit`). */
  editable: boolean;
  onRename: (name: string) => void;
  onRecolor: (color: string) => void;
  onDelete: () => void;
}

/** One segment: value, colour, title, revision, state; a live one is renamed, recoloured and deleted here when allowed. */
export function SegmentRow({ segment, editable, onRename, onRecolor, onDelete }: SegmentRowProps) {
  const [title, setTitle] = useState(segment.title);
  const deleted = segment.deleted_at !== null;
  const canChange = editable && !deleted;
  return (
    <Table.Tr data-testid="segment-row" data-value={segment.value} data-deleted={deleted}>
      <Table.Td>{segment.value}</Table.Td>
      <Table.Td>
        {canChange ? (
          <ColorInput
            size="xs"
            w={130}
            format="hex"
            aria-label={`Colour of ${segment.title}`}
            swatches={[...SEGMENT_PALETTE]}
            defaultValue={segment.color}
            onChangeEnd={(color) => color !== segment.color && onRecolor(color)}
          />
        ) : (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={segment.color} size={16} withShadow={false} data-testid="segment-swatch" />
            <Text size="xs" ff="monospace">
              {segment.color}
            </Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {canChange ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              size="xs"
              aria-label={`Title of segment ${segment.value}`}
              maxLength={SEGMENT_TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!title.trim() || title.trim() === segment.title}
              onClick={() => onRename(title.trim())}
            >
              Rename
            </Button>
          </Group>
        ) : (
          <Text size="sm" td={deleted ? 'line-through' : undefined} data-testid="segment-title">
            {segment.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{segment.revision}</Table.Td>
      <Table.Td>
        {deleted ? (
          <Badge color="gray" variant="light" data-testid="segment-state">
            deleted
          </Badge>
        ) : (
          <Badge color="green" variant="light" data-testid="segment-state">
            live
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {canChange && (
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete segment ${segment.title}`}
            question={`Delete the segment ${segment.title}?`}
            onConfirm={onDelete}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
