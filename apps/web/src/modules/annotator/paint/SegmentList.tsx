import { ActionIcon, ColorSwatch, Group, Radio, Stack, Text } from '@mantine/core';
import type { Segment } from '@voxa/contracts';
import type { LabelFigure } from '@voxa/imaging';

export interface SegmentListProps {
  segments: Segment[];
  active: number | null;
  onActive: (value: number) => void;
  hidden: ReadonlySet<number>;
  onToggle: (value: number) => void;
  figures: LabelFigure[];
}

const mlFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** The segmentation's segments: the one painted, which are shown, and each one's voxels and mL. */
export function SegmentList({ segments, active, onActive, hidden, onToggle, figures }: SegmentListProps) {
  return (
    <Radio.Group value={active === null ? '' : String(active)} onChange={(v) => onActive(Number(v))}>
      <Stack gap={4} role="list" aria-label="Segments">
        {segments.map((s) => {
          const figure = figures.find((f) => f.value === s.value);
          const shown = !hidden.has(s.value);
          return (
            <Group key={s.id} gap={6} wrap="nowrap" role="listitem" data-segment-value={s.value}>
              <Radio value={String(s.value)} aria-label={`Paint ${s.title}`} size="xs" />
              <ColorSwatch color={s.color} size={14} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate>
                  {s.title}
                </Text>
                <Text size="xs" c="dimmed" data-testid="segment-figures">
                  {figure?.voxels ?? 0} voxels · {mlFormat.format(figure?.volumeMl ?? 0)} mL
                </Text>
              </Stack>
              <ActionIcon
                size="sm"
                variant={shown ? 'light' : 'default'}
                aria-label={`${shown ? 'Hide' : 'Show'} ${s.title}`}
                aria-pressed={shown}
                onClick={() => onToggle(s.value)}
              >
                {shown ? '●' : '○'}
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
