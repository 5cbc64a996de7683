import { describe, expect, it } from 'vitest';
import { frameAt, rateLabel, stepFrame } from './cineClock';

const run = { frames: 12, frameTimeMs: 33, speed: 1, loop: true };

describe('frameAt', () => {
  it('advances one frame per frame time from the start, whatever the ticks were', () => {
    expect(frameAt(0, 0, run)).toEqual({ frame: 0, ended: false });
    expect(frameAt(0, 32.9, run).frame).toBe(0);
    expect(frameAt(0, 33, run).frame).toBe(1);
    expect(frameAt(0, 10 * 33 + 1, run).frame).toBe(10);
    expect(frameAt(4, 66, run).frame).toBe(6);
  });

  it('wraps around when looping, and stops on the last frame otherwise', () => {
    expect(frameAt(0, 12 * 33, run).frame).toBe(0);
    expect(frameAt(10, 5 * 33, run).frame).toBe(3);
    const once = { ...run, loop: false };
    expect(frameAt(10, 33, once)).toEqual({ frame: 11, ended: true });
    expect(frameAt(10, 1000, once)).toEqual({ frame: 11, ended: true });
    expect(frameAt(9, 33, once)).toEqual({ frame: 10, ended: false });
  });

  it('plays at half and double speed', () => {
    expect(frameAt(0, 66, { ...run, speed: 0.5 }).frame).toBe(1);
    expect(frameAt(0, 66, { ...run, speed: 2 }).frame).toBe(4);
  });

  it('never goes back for a clock read before the start', () => {
    expect(frameAt(3, -5, run).frame).toBe(3);
  });
});

describe('stepFrame', () => {
  it('steps around the ends when looping, and holds there otherwise', () => {
    expect(stepFrame(11, 1, 12, true)).toBe(0);
    expect(stepFrame(0, -1, 12, true)).toBe(11);
    expect(stepFrame(11, 1, 12, false)).toBe(11);
    expect(stepFrame(0, -1, 12, false)).toBe(0);
    expect(stepFrame(5, 1, 12, false)).toBe(6);
  });
});

describe('rateLabel', () => {
  it('gives frames a second at the chosen speed', () => {
    expect(rateLabel(33, 1)).toBe('30.3 fps');
    expect(rateLabel(33, 2)).toBe('60.6 fps');
    expect(rateLabel(40, 0.5)).toBe('12.5 fps');
    expect(rateLabel(50, 1)).toBe('20 fps');
  });
});
