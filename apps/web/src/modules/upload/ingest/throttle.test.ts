import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttled } from './throttle';

describe('throttled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once per period however often it is scheduled', () => {
    const run = vi.fn();
    const t = throttled(run, 200);
    t.schedule();
    t.schedule();
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
  it('runs at once on now and drops the pending run', () => {
    const run = vi.fn();
    const t = throttled(run, 200);
    t.schedule();
    t.now();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
