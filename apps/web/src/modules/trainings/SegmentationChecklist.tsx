import { Anchor, Badge, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/format';
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
    return (
      <Text c="dimmed" size="sm" data-testid="training-no-segmentations">
        The team has no segmentation of this model’s structure.
      </Text>
    );
  const valid = list.data.filter((s) => s.valid).map((s) => s.segmentation_id);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <Stack gap="xs">
      <Group gap="md">
        <Text size="sm" c="dimmed" data-testid="training-chosen-count">
          {`${value.length} of ${valid.length} valid chosen`}
        </Text>
        {valid.length > 0 && (
          <Anchor component="button" type="button" size="sm" onClick={() => onChange(valid)}>
            Choose all valid
          </Anchor>
        )}
      </Group>
      <ScrollArea.Autosize mah={360}>
        <Stack gap={10} data-testid="training-segmentations">
          {list.data.map((s) => (
            <Group
              key={s.segmentation_id}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="training-segmentation"
              data-id={s.segmentation_id}
              data-valid={s.valid}
            >
              <Checkbox
                mt={2}
                aria-label={`Segmentation #${s.segmentation_id}`}
                disabled={!s.valid}
                checked={value.includes(s.segmentation_id)}
                onChange={(e) => toggle(s.segmentation_id, e.currentTarget.checked)}
              />
              <Stack gap={2}>
                <Group gap="sm">
                  <Text size="sm" c={s.valid ? undefined : 'dimmed'}>
                    {`#${s.segmentation_id} · ${s.study.name || 'Unnamed study'} · ${s.series.name}`}
                  </Text>
                  <Badge
                    color={s.valid ? 'green' : 'red'}
                    variant="light"
                    data-testid="training-segmentation-match"
                  >
                    {s.valid ? 'valid' : 'invalid'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {`Segments: ${s.segments.map((g) => `${g.title} (${g.value})`).join(', ') || 'none'} · ${formatDate(s.created_at)}`}
                </Text>
                {s.reason && (
                  <Text size="xs" c="red" data-testid="training-segmentation-reason">
                    {s.reason}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
