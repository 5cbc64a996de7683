import { ActionIcon, Button, Group, SegmentedControl, Tooltip } from '@mantine/core';
import { ColormapSelect, type ColormapSelectProps } from './ColormapSelect';
import type { Layout, MouseTool } from './viewer/niivueViewer';
import { useWindowPresets } from './useWindowPresets';
import { formatWindow, matchingPreset, type Window } from './windowing';

export interface ViewerToolbarProps {
  layout: Layout;
  onLayout: (layout: Layout) => void;
  tool: MouseTool;
  onTool: (tool: MouseTool) => void;
  modality: string | null;
  window: Window | null;
  onWindow: (window: Window) => void;
  onAutoWindow: () => void;
  onZoom: (factor: number) => void;
  onResetView: () => void;
  onColormap: ColormapSelectProps['onColormap'];
  /** The display convention (decision 0097). */
  radiological: boolean;
  onRadiological: (radiological: boolean) => void;
  disabled: boolean;
}

const LAYOUTS: { value: Layout; label: string }[] = [
  { value: 'axial', label: 'Axial' },
  { value: 'coronal', label: 'Coronal' },
  { value: 'sagittal', label: 'Sagittal' },
  { value: 'render', label: '3D' },
  { value: 'four', label: 'Four panes' },
];
const TOOLS: { value: MouseTool; label: string }[] = [
  { value: 'crosshair', label: 'Crosshair' },
  { value: 'window', label: 'Window' },
  { value: 'pan', label: 'Pan / zoom' },
];
const CONVENTIONS = [
  { value: 'radiological', label: 'Radiological' },
  { value: 'neurological', label: 'Neurological' },
];

/** Panes, what the left mouse button does, zoom, the window presets and colour maps of the series' modality. */
export function ViewerToolbar(props: ViewerToolbarProps) {
  const presets = useWindowPresets(props.modality);
  const preset = props.window ? matchingPreset(presets, props.window) : null;
  return (
    <Group gap="sm" wrap="wrap" p={6} data-testid="viewer-toolbar">
      <SegmentedControl
        size="xs"
        aria-label="Layout"
        data={LAYOUTS}
        value={props.layout}
        onChange={(v) => props.onLayout(v as Layout)}
      />
      <SegmentedControl
        size="xs"
        aria-label="Mouse tool"
        data={TOOLS}
        value={props.tool}
        onChange={(v) => props.onTool(v as MouseTool)}
      />
      <Group gap={4}>
        <Tooltip label="Zoom in">
          <ActionIcon
            variant="default"
            aria-label="Zoom in"
            disabled={props.disabled}
            onClick={() => props.onZoom(1.25)}
          >
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out">
          <ActionIcon
            variant="default"
            aria-label="Zoom out"
            disabled={props.disabled}
            onClick={() => props.onZoom(0.8)}
          >
            −
          </ActionIcon>
        </Tooltip>
        <Button size="compact-sm" variant="default" disabled={props.disabled} onClick={props.onResetView}>
          Reset view
        </Button>
      </Group>
      <Group gap={4} aria-label="Window presets" role="group">
        <Button
          size="compact-sm"
          variant="default"
          disabled={props.disabled}
          onClick={props.onAutoWindow}
          title="The volume's robust intensity range"
        >
          Auto
        </Button>
        {presets.map((p) => (
          <Button
            key={p.id}
            size="compact-sm"
            variant={preset?.id === p.id ? 'filled' : 'default'}
            aria-pressed={preset?.id === p.id}
            disabled={props.disabled}
            title={formatWindow(p)}
            onClick={() => props.onWindow({ width: p.width, level: p.level })}
          >
            {p.label}
          </Button>
        ))}
      </Group>
      <SegmentedControl
        size="xs"
        aria-label="Convention"
        title="Radiological: the patient's right on the screen's left. Neurological: on the right."
        data={CONVENTIONS}
        value={props.radiological ? 'radiological' : 'neurological'}
        onChange={(v) => props.onRadiological(v === 'radiological')}
      />
      <ColormapSelect modality={props.modality} disabled={props.disabled} onColormap={props.onColormap} />
    </Group>
  );
}
