import { Group, Stack, Text, Title } from '@mantine/core';
import type { CineFacts } from '@voxa/contracts';
import { useEffect } from 'react';
import { CineCanvas } from './CineCanvas';
import { CineControls } from './CineControls';
import { CineFactsPanel } from './CineFactsPanel';
import { DEFAULT_FRAME_TIME_MS } from './cineClock';
import type { CineFrames } from './cineFrames';
import { useCinePlayback, type CinePlayback } from './useCinePlayback';

export interface CineViewerProps {
  facts: CineFacts;
  frames: CineFrames;
}

/** Space plays or pauses, ← and → step; not on a control, which handles its keys itself (a button its Space). */
function useCineKeys(playback: CinePlayback) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || target?.closest('input, textarea, select, button, a, [role="slider"]'))
        return;
      if (event.key === ' ') playback.toggle();
      else if (event.key === 'ArrowLeft') playback.step(-1);
      else if (event.key === 'ArrowRight') playback.step(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [playback]);
}

/** The XA viewer: the run's frames on a canvas, played at the series' rate, with its angles. */
export function CineViewer({ facts, frames }: CineViewerProps) {
  const frameTimeMs = facts.frame_time_ms ?? DEFAULT_FRAME_TIME_MS;
  const playback = useCinePlayback(frames.count, frameTimeMs);
  useCineKeys(playback);
  return (
    <Stack p="md" gap="sm" align="center" data-testid="xa-viewer" data-playing={playback.playing}>
      <Group justify="space-between" w="100%">
        <Title order={4}>
          {facts.modality ?? 'Cine'} run{' '}
          <Text span c="dimmed" size="sm">
            {frames.width} × {frames.height}, {frames.count} frames
          </Text>
        </Title>
        <CineFactsPanel facts={facts} frameTimeMs={frameTimeMs} speed={playback.speed} />
      </Group>
      <CineCanvas frames={frames} frame={playback.frame} />
      <CineControls playback={playback} count={frames.count} />
    </Stack>
  );
}
