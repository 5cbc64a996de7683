/** The playback speeds offered, as factors of the series' own rate. */
export const SPEEDS = [0.5, 1, 2] as const;
export type Speed = (typeof SPEEDS)[number];

/** Used when the file gives no rate (no CineRate, no FrameTime): 15 frames a second, a common XA rate. */
export const DEFAULT_FRAME_TIME_MS = 1000 / 15;

export interface CineTiming {
  frames: number;
  frameTimeMs: number;
  speed: number;
  loop: boolean;
}

export interface ClockFrame {
  frame: number;
  /** Not looping, the last frame is reached: playback stops there. */
  ended: boolean;
}

/**
 * The frame to show `elapsedMs` after playback started at `startFrame`: counted from the start time, not
 * from the last tick, so a late animation frame never slows the run down (no drift), and frames a slow
 * tick missed are skipped rather than played late.
 */
export function frameAt(startFrame: number, elapsedMs: number, t: CineTiming): ClockFrame {
  const advanced = Math.floor((Math.max(0, elapsedMs) * t.speed) / t.frameTimeMs);
  const frame = startFrame + advanced;
  if (t.loop) return { frame: frame % t.frames, ended: false };
  return frame >= t.frames - 1 ? { frame: t.frames - 1, ended: true } : { frame, ended: false };
}

/** One step back or forth: around the ends when looping, else held at them. */
export function stepFrame(frame: number, delta: number, frames: number, loop: boolean): number {
  const next = frame + delta;
  if (loop) return ((next % frames) + frames) % frames;
  return Math.min(Math.max(next, 0), frames - 1);
}

/** '30.3 fps' for 33 ms a frame, the speed applied; one decimal unless whole. */
export function rateLabel(frameTimeMs: number, speed: number): string {
  const fps = Math.round((10_000 * speed) / frameTimeMs) / 10;
  return `${fps} fps`;
}
