import { describe, expect, it } from 'vitest';
import { eachAtOnce } from './each-at-once';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('eachAtOnce', () => {
  it('runs every item, never more than asked at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      seen.push(item);
      running -= 1;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure and rejects once the running tasks have settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = eachAtOnce([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await tick();
      settled += 1;
      if (item === 1) throw new Error('no');
    });
    await expect(run).rejects.toThrow('no');
    expect(started).toEqual([0, 1, 2]);
    expect(settled).toBe(started.length);
  });

  it('does nothing for no items', async () => {
    await expect(eachAtOnce([], 4, async () => undefined)).resolves.toBeUndefined();
  });
});
