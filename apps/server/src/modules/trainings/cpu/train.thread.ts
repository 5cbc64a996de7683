import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { trainOnCpu } from './train';
import type { TrainingTask, TrainingThreadMessage } from './train-thread-messages';

/** Runs one training in this thread (its steps block the thread; the server's event loop must keep answering). */
const task = workerData as TrainingTask;
const post = (message: TrainingThreadMessage) => parentPort?.postMessage(message);
const bytes = async (file: string): Promise<ArrayBuffer> => {
  const stored = await readFile(file);
  return stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
};

try {
  const cases = await Promise.all(
    task.cases.map(async (c) => ({ image: await bytes(c.imagePath), mask: await bytes(c.maskPath) })),
  );
  const best = await trainOnCpu(cases, task.setup, {
    onEpoch: (report, checkpoint) => post({ kind: 'epoch', report, checkpoint }),
  });
  post({ kind: 'done', best });
} catch (error) {
  post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
}
