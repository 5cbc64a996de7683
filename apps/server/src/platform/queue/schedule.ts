import type { JobName } from '@voxa/contracts';
import type { JobQueue } from './types';

/**
 * Queues the job `name` at start and then every `everyMs`. The slot is in the job id, so processes sharing
 * a queue queue it once per slot between them; a failed add waits for the next slot. Answers what stops it.
 */
export function scheduleEvery(queue: JobQueue, name: JobName, everyMs = 3_600_000): () => void {
  const queueNow = () => {
    const slot = Math.floor(Date.now() / everyMs);
    queue.add(name, {}, `${name}-${slot}`).catch(() => undefined);
  };
  queueNow();
  const timer = setInterval(queueNow, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
