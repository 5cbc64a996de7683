import { Box } from '@mantine/core';
import { PROGRESS_BAR } from '@voxa/contracts';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Shown empty, then filling (the width's transition runs from empty), then done and fading. */
type Phase = 'hidden' | 'empty' | 'filling' | 'done';

const WIDTH: Record<Exclude<Phase, 'hidden'>, string> = { empty: '0%', filling: '90%', done: '100%' };
const TRANSITION: Record<Exclude<Phase, 'hidden'>, string> = {
  empty: 'none',
  filling: `width ${PROGRESS_BAR.durationMs}ms ease-out`,
  done: 'width 150ms linear, opacity 150ms linear 150ms',
};

/**
 * A thin bar along the top of the page while the next page's code or data loads (slow hospital links):
 * it appears once loading has taken PROGRESS_BAR.throttleMs, fills to 90% over its durationMs, then
 * completes and fades when the page is there.
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (loading) {
      const shown = setTimeout(() => setPhase('empty'), PROGRESS_BAR.throttleMs);
      return () => clearTimeout(shown);
    }
    setPhase((p) => (p === 'hidden' ? p : 'done'));
    const hidden = setTimeout(() => setPhase('hidden'), 300);
    return () => clearTimeout(hidden);
  }, [loading]);

  useEffect(() => {
    if (phase !== 'empty') return;
    // The next frame, so the empty bar has been drawn and the width's transition starts from it.
    const frame = requestAnimationFrame(() => setPhase('filling'));
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading the page"
      data-testid="navigation-progress"
      pos="fixed"
      top={0}
      left={0}
      h={3}
      bg="blue.6"
      style={{
        zIndex: 1000,
        width: WIDTH[phase],
        opacity: phase === 'done' ? 0 : 1,
        transition: TRANSITION[phase],
      }}
    />
  );
}
