import { ActionIcon, Button, ColorSwatch, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { aiModelSegmentColor, SEGMENT_TITLE_MAX, SEGMENT_VALUE_MAX } from '@voxa/contracts';
import { fieldError } from '../../lib/formErrors';
import { nextSegment, type SegmentDraft } from './draft';

export interface SegmentsEditorProps {
  segments: SegmentDraft[];
  onChange: (segments: SegmentDraft[]) => void;
  /** The failed save, whose messages per segment show beside it. */
  error: unknown;
}

/** The model's label map: one row per class, its value (1 and up; 0 is the background) and title. */
export function SegmentsEditor({ segments, onChange, error }: SegmentsEditorProps) {
  const set = (i: number, change: Partial<SegmentDraft>) =>
    onChange(segments.map((s, j) => (j === i ? { ...s, ...change } : s)));
  // Colours follow ascending values, as the server answers them.
  const order = [...segments.keys()].sort((a, b) => Number(segments[a]?.value) - Number(segments[b]?.value));
  return (
    <Stack gap="xs" data-testid="segments-editor">
      <Text fw={600} size="sm">
        Segments
      </Text>
      <Text size="xs" c="dimmed">
        The label values the model outputs; output channel 0 is the background, channel n the n-th segment by
        value.
      </Text>
      {segments.map((s, i) => (
        <Group key={i} gap="xs" align="flex-start" data-testid="segment-draft">
          <ColorSwatch color={aiModelSegmentColor(order.indexOf(i))} size={18} mt={8} />
          <NumberInput
            aria-label={`Value of segment ${i + 1}`}
            w={100}
            min={1}
            max={SEGMENT_VALUE_MAX}
            allowDecimal={false}
            value={s.value}
            onChange={(v) => set(i, { value: typeof v === 'number' ? v : '' })}
            error={fieldError(error, `segments.${i}.value`)}
          />
          <TextInput
            aria-label={`Title of segment ${i + 1}`}
            style={{ flex: 1 }}
            maxLength={SEGMENT_TITLE_MAX}
            value={s.title}
            onChange={(e) => set(i, { title: e.currentTarget.value })}
            error={fieldError(error, `segments.${i}.title`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={`Remove segment ${i + 1}`}
            disabled={segments.length === 1}
            onClick={() => onChange(segments.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {fieldError(error, 'segments') && (
        <Text size="xs" c="red">
          {fieldError(error, 'segments')}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...segments, nextSegment(segments)])}>
          Add segment
        </Button>
      </Group>
    </Stack>
  );
}
