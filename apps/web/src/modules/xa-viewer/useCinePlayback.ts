import { useCallback, useEffect, useRef, useState } from 'react';
import { frameAt, stepFrame, type Speed } from './cineClock';

export interface CinePlayback {
  frame: number;
  playing: boolean;
  speed: Speed;
  loop: boolean;
  toggle: () => void;
  /** One frame back or forth; stepping pauses, as in a cine review. */
  step: (delta: number) => void;
  /** Shows frame `n`, paused. */
  seek: (frame: number) => void;
  setSpeed: (speed: Speed) => void;
  setLoop: (loop: boolean) => void;
}

/**
 * Cine playback on requestAnimationFrame: each tick shows the frame the clock gives for the time since
 * playback (re)started, so the run keeps the series' rate whatever the ticks do. A change of speed or
 * loop while playing starts the clock again from the frame shown.
 */
export function useCinePlayback(count: number, frameTimeMs: number): CinePlayback {
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [loop, setLoop] = useState(true);
  // The frame shown, read when the clock starts: following it would restart the clock every frame.
  const shown = useRef(0);
  shown.current = frame;

  useEffect(() => {
    if (!playing) return;
    const startFrame = shown.current;
    const started = performance.now();
    let request = 0;
    const tick = (now: number) => {
      const next = frameAt(startFrame, now - started, { frames: count, frameTimeMs, speed, loop });
      setFrame(next.frame);
      if (next.ended) setPlaying(false);
      else request = requestAnimationFrame(tick);
    };
    request = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(request);
  }, [playing, count, frameTimeMs, speed, loop]);

  const toggle = useCallback(() => {
    setPlaying((was) => {
      // Played to the end without looping: play again from the start.
      if (!was && !loop && shown.current === count - 1) setFrame(0);
      return !was;
    });
  }, [count, loop]);
  const step = useCallback(
    (delta: number) => {
      setPlaying(false);
      setFrame((f) => stepFrame(f, delta, count, loop));
    },
    [count, loop],
  );
  const seek = useCallback(
    (n: number) => {
      setPlaying(false);
      setFrame(Math.min(Math.max(Math.round(n), 0), count - 1));
    },
    [count],
  );
  return { frame, playing, speed, loop, toggle, step, seek, setSpeed, setLoop };
}
