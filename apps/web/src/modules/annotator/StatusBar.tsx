import { Group, Text } from '@mantine/core';
import type { LoadedVolume, Probe } from './viewer/niivueViewer';
import { formatNumber, formatWindow, type Window } from './windowing';

export interface StatusBarProps {
  window: Window | null;
  /** The point under the mouse, else the crosshair's. */
  probe: Probe | null;
  volume: LoadedVolume | null;
}

const mm = (p: Probe) => p.mm.map((v) => v.toFixed(1)).join(', ');

/** What radiologists read at the bottom of a viewer: window, position in mm and voxels, and the value there. */
export function StatusBar({ window, probe, volume }: StatusBarProps) {
  return (
    <Group gap="lg" px="sm" py={4} wrap="wrap" data-testid="viewer-status" ff="monospace">
      <Text size="xs" data-testid="status-window">
        {/* A line high while loading: the viewer above keeps its size when the window shows. */}
        {window ? formatWindow(window) : '\u00a0'}
      </Text>
      <Text size="xs" data-testid="status-position">
        {probe ? `${mm(probe)} mm · voxel ${probe.voxel.join(', ')}` : ''}
      </Text>
      <Text size="xs" fw={700} data-testid="status-value">
        {probe ? `Value ${formatNumber(probe.value)}` : ''}
      </Text>
      <Text size="xs" c="dimmed" ml="auto">
        {volume ? volume.dims.join(' × ') : ''}
      </Text>
    </Group>
  );
}
