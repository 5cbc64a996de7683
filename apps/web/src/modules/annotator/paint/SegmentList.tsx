import { ActionIcon, ColorSwatch, Group, Radio, Stack, Text } from '@mantine/core';
import type { Segment } from '@voxa/contracts';
import type { LabelFigure } from '@voxa/imaging';
import { PadlockIcon } from './PadlockIcon';

export interface SegmentListProps {
  segments: Segment[];
  active: number | null;
  onActive: (value: number) => void;
  hidden: ReadonlySet<number>;
  onToggle: (value: number) => void;
  figures: LabelFigure[];
  /** Ids of the locked segments: no tool changes their voxels. */
  locked: readonly number[];
  onLock: (segmentId: number) => void;
}

const mlFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** The segmentation's segments: the one painted, which are shown or locked, each one's voxels and mL. */
export function SegmentList(props: SegmentListProps) {
  const { segments, active, onActive, hidden, onToggle, figures, locked, onLock } = props;
  return (
    <Radio.Group value={active === null ? '' : String(active)} onChange={(v) => onActive(Number(v))}>
      <Stack gap={4} role="list" aria-label="Segments">
        {segments.map((s) => {
          const figure = figures.find((f) => f.value === s.value);
          const shown = !hidden.has(s.value);
          const isLocked = locked.includes(s.id);
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
              <ActionIcon
                size="sm"
                variant={isLocked ? 'filled' : 'default'}
                color={isLocked ? 'orange' : undefined}
                aria-label={`${isLocked ? 'Unlock' : 'Lock'} ${s.title}`}
                aria-pressed={isLocked}
                title={isLocked ? 'Locked: no tool changes it' : 'Lock: no tool changes it'}
                onClick={() => onLock(s.id)}
              >
                <PadlockIcon locked={isLocked} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
