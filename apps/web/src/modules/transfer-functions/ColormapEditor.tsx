import { ActionIcon, Button, ColorInput, Group, NumberInput, Stack, Text } from '@mantine/core';
import { COLORMAP_POINTS_MAX, COLORMAP_POINTS_MIN } from '@voxa/contracts';
import { pointsToColormap, pointToAdd, type ColorPoint } from './draft';
import { GradientPreview } from './GradientPreview';

export interface ColormapEditorProps {
  points: ColorPoint[];
  onChange: (points: ColorPoint[]) => void;
  /** The server's message about the points, if the last save was refused. */
  error: string | undefined;
}

/** Control points (intensity 0..255, colour, opacity) with a live preview of the map they make. */
export function ColormapEditor({ points, onChange, error }: ColormapEditorProps) {
  const set = (index: number, change: Partial<ColorPoint>) =>
    onChange(points.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const added = pointToAdd(points);
  const whole = (value: number | string) => Math.round(Number(value) || 0);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Control points
      </Text>
      <GradientPreview
        colormap={pointsToColormap(points)}
        height={28}
        label="Colour map preview"
        withOpacity
      />
      {points.map((point, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap" data-testid="colormap-point">
          <NumberInput
            label={index === 0 ? 'Intensity' : undefined}
            aria-label={`Intensity of point ${index + 1}`}
            min={0}
            max={255}
            w={90}
            allowDecimal={false}
            value={point.intensity}
            onChange={(v) => set(index, { intensity: whole(v) })}
          />
          <ColorInput
            label={index === 0 ? 'Colour' : undefined}
            aria-label={`Colour of point ${index + 1}`}
            format="hex"
            w={140}
            value={point.color}
            onChange={(color) => set(index, { color })}
          />
          <NumberInput
            label={index === 0 ? 'Opacity' : undefined}
            aria-label={`Opacity of point ${index + 1}`}
            min={0}
            max={255}
            w={90}
            allowDecimal={false}
            value={point.alpha}
            onChange={(v) => set(index, { alpha: whole(v) })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove point ${index + 1}`}
            disabled={points.length <= COLORMAP_POINTS_MIN}
            onClick={() => onChange(points.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" data-testid="colormap-error">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={!added || points.length >= COLORMAP_POINTS_MAX}
          onClick={() => added && onChange([...points, added].sort((a, b) => a.intensity - b.intensity))}
        >
          Add point
        </Button>
      </Group>
    </Stack>
  );
}
