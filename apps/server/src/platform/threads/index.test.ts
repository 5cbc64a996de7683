import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runWorkerThread } from './index';

/** A thread whose code is `source` (an ES module), from a data: address. */
const threadOf = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

describe('a worker thread', () => {
  it('answers once its messages are handled, even when it has exited meanwhile', async () => {
    const entry = threadOf(`
      import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ kind: 'epoch', epoch: 1 });
      parentPort.postMessage({ kind: 'done', value: 42 });
    `);
    const seen: number[] = [];
    const done = await runWorkerThread<{ kind: 'done'; value: number }, { kind: 'epoch'; epoch: number }>(
      entry,
      null,
      {
        what: 'test',
        // Slower than the thread's exit: the answer must wait for it, not lose to the exit.
        onMessage: async (m) => {
          await sleep(300);
          seen.push(m.epoch);
        },
      },
    );
    expect(done.value).toBe(42);
    expect(seen).toEqual([1]);
  });

  it('fails when the thread stops without an answer', async () => {
    const entry = threadOf(`process.exit(0);`);
    await expect(runWorkerThread(entry, null, { what: 'test' })).rejects.toThrow(
      'The test thread stopped (exit code 0).',
    );
  });
});
