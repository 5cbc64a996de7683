import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deidentifyAhead } from './deidentify-ahead';

interface Added {
  payload: { session: string; files: number[] };
  jobId: string;
}

function fakeQueue() {
  const added: Added[] = [];
  const queue = {
    add: async (_name: 'deidentify-files', payload: Added['payload'], jobId: string) => {
      added.push({ payload, jobId });
    },
  };
  return { added, queue };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('de-identification ahead of the conversion', () => {
  it('queues a full batch at once, per session, named by its first file', () => {
    const { added, queue } = fakeQueue();
    const ahead = deidentifyAhead(queue, { batch: 3, waitMs: 100, onError: () => undefined });
    for (const id of [1, 2]) ahead.stored('a', id);
    ahead.stored('b', 7);
    ahead.stored('a', 3);
    expect(added).toEqual([{ payload: { session: 'a', files: [1, 2, 3] }, jobId: 'deidentify-files-a-1' }]);
  });

  it('queues a short batch once it has waited, every session with it', () => {
    const { added, queue } = fakeQueue();
    const ahead = deidentifyAhead(queue, { batch: 25, waitMs: 100, onError: () => undefined });
    ahead.stored('a', 1);
    ahead.stored('b', 2);
    vi.advanceTimersByTime(99);
    expect(added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added.map((a) => a.payload)).toEqual([
      { session: 'a', files: [1] },
      { session: 'b', files: [2] },
    ]);
    vi.advanceTimersByTime(1000);
    expect(added).toHaveLength(2);
  });

  it('reports a job the queue refuses, and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const queue = {
      add: async () => {
        calls += 1;
        if (calls === 1) throw new Error('queue down');
      },
    };
    const ahead = deidentifyAhead(queue, { batch: 1, waitMs: 100, onError: (e) => errors.push(e) });
    ahead.stored('a', 1);
    ahead.stored('a', 2);
    await vi.runAllTimersAsync();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
