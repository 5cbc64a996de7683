import { Worker } from 'node:worker_threads';

/**
 * Work that would block the event loop (onnxruntime's run, a training) in a worker thread of its own,
 * ended when the work settles (its memory goes with it). The thread answers `{ kind: 'done', ... }` or
 * `{ kind: 'error', message }` once; any other message goes to `onMessage`, in order, each awaited before
 * the next (and before the answer), so a caller's handler may write to the database. An abort, or a
 * handler that throws, terminates the thread: a run cannot be interrupted from inside.
 */
export interface ThreadMessage {
  kind: string;
}

export interface ThreadOptions<Message> {
  signal?: AbortSignal;
  onMessage?: (message: Message) => void | Promise<void>;
  /** Names the work in the error of a thread that stops without an answer. */
  what: string;
}

export function runWorkerThread<Done extends { kind: 'done' }, Message extends ThreadMessage = never>(
  entry: URL,
  workerData: unknown,
  { signal, onMessage, what }: ThreadOptions<Message>,
): Promise<Done> {
  signal?.throwIfAborted();
  const thread = new Worker(entry, { workerData });
  let onAbort = () => {};
  let handled: Promise<void> = Promise.resolve();
  const run = new Promise<Done>((resolve, reject) => {
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    // Set once the thread has answered: it may exit before the messages before its answer are handled.
    let answered = false;
    thread.on('message', (message: Done | Message | { kind: 'error'; message: string }) => {
      if (message.kind === 'done' || message.kind === 'error') answered = true;
      if (message.kind === 'done') handled.then(() => resolve(message as Done), reject);
      else if (message.kind === 'error' && 'message' in message && typeof message.message === 'string')
        reject(new Error(message.message));
      else handled = handled.then(() => onMessage?.(message as Message));
      handled.catch(reject);
    });
    thread.once('error', reject);
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`The ${what} thread stopped (exit code ${code}).`));
    });
  });
  return run.finally(() => {
    signal?.removeEventListener('abort', onAbort);
    void thread.terminate();
  });
}
