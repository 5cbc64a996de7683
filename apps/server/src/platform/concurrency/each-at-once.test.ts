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

  it('takes an item of an async source only when a task is free', async () => {
    let produced = 0;
    let done = 0;
    let most = 0;
    async function* source() {
      for (let i = 0; i < 6; i += 1) {
        produced += 1;
        most = Math.max(most, produced - done);
        yield i;
      }
    }
    await eachAtOnce(source(), 2, async () => {
      await tick();
      done += 1;
    });
    expect(done).toBe(6);
    expect(most).toBe(2);
  });

  it("rejects with the source's failure once the running tasks have settled", async () => {
    let settled = 0;
    async function* source() {
      yield 0;
      yield 1;
      throw new Error('cut');
    }
    await expect(
      eachAtOnce(source(), 2, async () => {
        await tick();
        settled += 1;
      }),
    ).rejects.toThrow('cut');
    expect(settled).toBe(2);
  });

  it("closes the source after a task's failure", async () => {
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; ; i += 1) yield i;
      } finally {
        closed = true;
      }
    }
    await expect(
      eachAtOnce(source(), 2, async (item) => {
        if (item === 3) throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(closed).toBe(true);
  });
});
