import { createHash, type Hash } from 'node:crypto';

/**
 * Runs tasks on one key one after another (per-file chunk writes): a chunk sent twice at once is written
 * once. In-process only; see docs/decisions/0013-chunked-upload.md for several processes.
 */
export function createKeyedLock() {
  const tails = new Map<string | number, Promise<unknown>>();
  return async function withLock<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

const MAX_RUNNING_HASHES = 256;

/**
 * The sha256 of each file being uploaded in order, fed as its chunks stream in, so completing a file
 * needs no second read. Lost on restart or on an out-of-order chunk: completion then reads the file.
 */
export function createRunningHashes() {
  const states = new Map<number, { next: number; hash: Hash }>();
  return {
    /** The hash to feed chunk `index` of a file into, or null when the order is broken. */
    take(fileRowId: number, index: number): Hash | null {
      if (index === 0) {
        if (states.size >= MAX_RUNNING_HASHES) states.delete(states.keys().next().value as number);
        const hash = createHash('sha256');
        states.set(fileRowId, { next: 0, hash });
        return hash;
      }
      const state = states.get(fileRowId);
      return state && state.next === index ? state.hash : null;
    },
    /** The chunk fed into the hash was stored. */
    advance(fileRowId: number, index: number): void {
      const state = states.get(fileRowId);
      if (state && state.next === index) state.next = index + 1;
    },
    /** The chunk failed after feeding some bytes: the state is no longer the file's. */
    drop(fileRowId: number): void {
      states.delete(fileRowId);
    },
    /** The file's digest when every chunk went through in order, and forgets it. */
    finish(fileRowId: number, chunkCount: number): string | null {
      const state = states.get(fileRowId);
      states.delete(fileRowId);
      return state && state.next === chunkCount ? state.hash.digest('hex') : null;
    },
  };
}
export type RunningHashes = ReturnType<typeof createRunningHashes>;
