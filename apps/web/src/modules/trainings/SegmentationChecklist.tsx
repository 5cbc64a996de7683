import { Badge, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { DataState } from '../../ui/DataState';
import { useTrainSegmentations } from './useTrainingApi';

export interface SegmentationChecklistProps {
  modelId: number;
  /** The chosen segmentations' ids. */
  value: number[];
  onChange: (ids: number[]) => void;
}

/**
 * The team's segmentations of the model's structure, each marked valid or not by the spec's rule; an
 * invalid one cannot be chosen and says why.
 */
export function SegmentationChecklist({ modelId, value, onChange }: SegmentationChecklistProps) {
  const list = useTrainSegmentations(modelId);
  if (!list.data) return <DataState error={list.error} />;
  if (list.data.length === 0)
    return <Text c="dimmed">The team has no segmentation of this model’s structure.</Text>;
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <ScrollArea.Autosize mah={320}>
      <Stack gap={8} data-testid="training-segmentations">
        {list.data.map((s) => (
          <Group
            key={s.segmentation_id}
            gap="sm"
            wrap="nowrap"
            data-testid="training-segmentation"
            data-valid={s.valid}
          >
            <Checkbox
              label={`#${s.segmentation_id} · ${s.study.name || 'Unnamed study'} · ${s.series.name}`}
              disabled={!s.valid}
              checked={value.includes(s.segmentation_id)}
              onChange={(e) => toggle(s.segmentation_id, e.currentTarget.checked)}
            />
            <Badge color={s.valid ? 'green' : 'red'} variant="light">
              {s.valid ? 'valid' : 'invalid'}
            </Badge>
            {s.reason && (
              <Text size="sm" c="dimmed">
                {s.reason}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
