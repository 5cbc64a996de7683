import { runWorkerThread } from '../../../platform/threads';
import type { Checkpoint, CpuTrainingSetup, TrainingOptions } from './train';
import type { TrainingFiles, TrainingThreadMessage } from './train-thread-messages';

export type { TrainingFiles } from './train-thread-messages';

/**
 * trainOnCpu in a worker thread of its own (platform/threads), so the server's event loop keeps
 * answering: the cases as file paths, each epoch's report and checkpoint to `onEpoch` (awaited in order,
 * before the answer), the best checkpoint back. An abort, or an onEpoch that throws, ends the thread.
 */
export async function runTrainingInThread(
  cases: TrainingFiles[],
  setup: CpuTrainingSetup,
  { signal, onEpoch }: TrainingOptions = {},
): Promise<Checkpoint> {
  const done = await runWorkerThread<Extract<TrainingThreadMessage, { kind: 'done' }>, TrainingThreadMessage>(
    new URL('./train.thread.mjs', import.meta.url),
    { cases, setup },
    {
      signal,
      what: 'training',
      onMessage: (m) => (m.kind === 'epoch' ? onEpoch?.(m.report, m.checkpoint) : undefined),
    },
  );
  return done.best;
}
