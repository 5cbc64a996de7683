import { ActionIcon, Checkbox, Group, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
import { SPEEDS, type Speed } from './cineClock';
import type { CinePlayback } from './useCinePlayback';

export interface CineControlsProps {
  playback: CinePlayback;
  count: number;
}

/** Play or pause (Space), step (← →), the frame slider, speed and loop. */
export function CineControls({ playback, count }: CineControlsProps) {
  const { frame, playing, speed, loop } = playback;
  return (
    <Group gap="sm" wrap="nowrap" w="100%">
      <Tooltip label="Previous frame (←)">
        <ActionIcon variant="light" aria-label="Previous frame" onClick={() => playback.step(-1)}>
          ‹
        </ActionIcon>
      </Tooltip>
      <Tooltip label={playing ? 'Pause (Space)' : 'Play (Space)'}>
        <ActionIcon variant="filled" aria-label={playing ? 'Pause' : 'Play'} onClick={playback.toggle}>
          {playing ? '⏸' : '▶'}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Next frame (→)">
        <ActionIcon variant="light" aria-label="Next frame" onClick={() => playback.step(1)}>
          ›
        </ActionIcon>
      </Tooltip>
      <Slider
        style={{ flex: 1 }}
        min={1}
        max={count}
        step={1}
        value={frame + 1}
        onChange={(value) => playback.seek(value - 1)}
        label={(value) => `Frame ${value}`}
        thumbLabel="Frame"
        data-testid="cine-slider"
      />
      <Text size="sm" ff="monospace" data-testid="cine-frame" miw={64} ta="right">
        {frame + 1} / {count}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label="Speed"
        value={String(speed)}
        onChange={(value) => playback.setSpeed(Number(value) as Speed)}
        data={SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }))}
      />
      <Checkbox
        size="xs"
        label="Loop"
        checked={loop}
        onChange={(event) => playback.setLoop(event.currentTarget.checked)}
      />
    </Group>
  );
}
