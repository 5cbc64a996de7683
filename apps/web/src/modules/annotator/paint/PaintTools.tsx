import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack } from '@mantine/core';
import type { PaintTool } from './maskEditor';

export interface PaintToolsState {
  /** null: the mouse is the viewer's (crosshair, window, pan). */
  tool: PaintTool | null;
  brushMm: number;
  threshold: { on: boolean; lo: number; hi: number };
}

export interface PaintToolsProps {
  value: PaintToolsState;
  onChange: (next: PaintToolsState) => void;
  disabled: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}

const TOOLS: { value: PaintTool | 'none'; label: string }[] = [
  { value: 'none', label: 'View' },
  { value: 'brush', label: 'Brush' },
  { value: 'eraser', label: 'Eraser' },
  { value: 'fill2d', label: 'Fill 2D' },
  { value: 'fill3d', label: 'Fill 3D' },
  { value: 'contour', label: 'Contour' },
];

/** The painting tools: which one the left button is, the brush size, the fills' intensity range, undo. */
export function PaintTools({ value, onChange, disabled, ...steps }: PaintToolsProps) {
  const fills = value.tool === 'fill2d' || value.tool === 'fill3d';
  return (
    <Stack gap={6} data-testid="paint-tools">
      <SegmentedControl
        size="xs"
        orientation="vertical"
        fullWidth
        disabled={disabled}
        aria-label="Paint tool"
        value={value.tool ?? 'none'}
        data={TOOLS}
        onChange={(tool) => onChange({ ...value, tool: tool === 'none' ? null : (tool as PaintTool) })}
      />
      <NumberInput
        size="xs"
        label="Brush radius (mm)"
        min={0}
        max={100}
        step={0.5}
        decimalScale={1}
        disabled={disabled}
        value={value.brushMm}
        onChange={(v) => onChange({ ...value, brushMm: typeof v === 'number' ? v : Number(v) || 0 })}
      />
      {fills && (
        <>
          <Checkbox
            size="xs"
            label="Within intensity range"
            checked={value.threshold.on}
            onChange={(e) =>
              onChange({ ...value, threshold: { ...value.threshold, on: e.currentTarget.checked } })
            }
          />
          {value.threshold.on && (
            <Group gap={4} grow>
              <NumberInput
                size="xs"
                label="From"
                value={value.threshold.lo}
                onChange={(v) =>
                  onChange({ ...value, threshold: { ...value.threshold, lo: Number(v) || 0 } })
                }
              />
              <NumberInput
                size="xs"
                label="To"
                value={value.threshold.hi}
                onChange={(v) =>
                  onChange({ ...value, threshold: { ...value.threshold, hi: Number(v) || 0 } })
                }
              />
            </Group>
          )}
        </>
      )}
      <Group gap={4} grow>
        <Button size="xs" variant="default" disabled={disabled || !steps.canUndo} onClick={steps.onUndo}>
          Undo
        </Button>
        <Button size="xs" variant="default" disabled={disabled || !steps.canRedo} onClick={steps.onRedo}>
          Redo
        </Button>
      </Group>
    </Stack>
  );
}
