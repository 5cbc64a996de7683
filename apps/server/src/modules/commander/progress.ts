import type { CommanderProgress } from '@voxa/contracts';
import { Transform } from 'node:stream';
import type { Realtime } from '../../platform/realtime';

/** The spec's progress throttle (section 9): one event per 200 ms at most, and one at the end. */
const THROTTLE_MS = 200;

/** Running operations of this process, by caller and operation id, so cmd/cancel can stop them. */
const running = new Map<string, AbortController>();
const key = (userId: number, op: string) => `${userId}:${op}`;

export interface Operation {
  signal: AbortSignal;
  /** Counts bytes done; emits commander:progress when the throttle allows. */
  advance(bytes: number): void;
  /** A stream that counts what passes through it (the pipeline holding it takes `signal`). */
  meter(): Transform;
  finish(): void;
}

export class CancelledError extends Error {
  constructor() {
    super('The operation was cancelled.');
  }
}

/** Starts an operation of `userId`; without an `op` id it still runs, unreported and not cancellable. */
export function startOperation(
  realtime: Realtime,
  userId: number,
  action: CommanderProgress['action'],
  total: number,
  op: string | undefined,
): Operation {
  const controller = new AbortController();
  if (op) running.set(key(userId, op), controller);
  let bytes = 0;
  let last = 0;
  const emit = (done: boolean) => {
    if (op) realtime.toUser(userId, 'commander:progress', { op, action, bytes, total, done });
  };
  const count = (n: number) => {
    bytes += n;
    const now = Date.now();
    if (now - last >= THROTTLE_MS) {
      last = now;
      emit(false);
    }
  };
  const advance = (n: number) => {
    if (controller.signal.aborted) throw new CancelledError();
    count(n);
  };
  return {
    signal: controller.signal,
    advance,
    // Counts only: a cancel stops the streams through the signal their pipeline holds, never by an
    // error raised inside a stream that a library may not listen to.
    meter: () =>
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          count(chunk.length);
          done(null, chunk);
        },
      }),
    finish() {
      if (op) running.delete(key(userId, op));
      emit(true);
    },
  };
}

/** Aborts the caller's running operation `op`; answers whether one was running here. */
export function cancelOperation(userId: number, op: string): boolean {
  const controller = running.get(key(userId, op));
  controller?.abort();
  return controller !== undefined;
}
