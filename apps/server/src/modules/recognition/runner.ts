import type { RecognitionResponse, RecognitionStudy } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { allowedCodes, finishPrompt } from './prompts';
import { recogniseAcquisitions } from './recogniser';

export interface PromptJob {
  llmRemoteId: string;
  userId: number;
  socketId: string;
  study: RecognitionStudy;
}

/** Runs recognitions in this process after the request answered 202; each ends with one socket event. */
export interface RecognitionRunner {
  start(job: PromptJob): void;
  /** Stops a running job here (its status is already cancelled in the database). */
  abort(llmRemoteId: string): void;
  /** Aborts every job and waits for them to settle (server shutdown). */
  close(): Promise<void>;
}

type RunnerDeps = Pick<Deps, 'db' | 'realtime' | 'log' | 'llm'>;

export function createRecognitionRunner(deps: RunnerDeps): RecognitionRunner {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  return {
    start(job) {
      const controller = new AbortController();
      const done = run(deps, job, controller.signal)
        .catch((error: unknown) => deps.log.error({ err: error }, 'acquisition recognition failed'))
        .finally(() => running.delete(job.llmRemoteId));
      running.set(job.llmRemoteId, { controller, done });
    },
    abort(llmRemoteId) {
      running.get(llmRemoteId)?.controller.abort();
    },
    async close() {
      for (const job of running.values()) job.controller.abort();
      await Promise.all([...running.values()].map((j) => j.done));
    },
  };
}

/**
 * One study's recognition. The answer goes out only if this run moved the prompt out of pending (a
 * cancelled prompt sends nothing) and only to the socket named, when it belongs to the prompt's user.
 */
async function run(deps: RunnerDeps, job: PromptJob, signal: AbortSignal): Promise<void> {
  const base = { studyId: job.study.id, llmRemoteId: job.llmRemoteId };
  let response: RecognitionResponse;
  let source: 'llm' | 'rules' | null = null;
  try {
    const allowed = await allowedCodes(deps.db);
    const result = await recogniseAcquisitions(deps, job.study, allowed, signal);
    source = result.source;
    response = { ...base, type: 'success', data: result.data };
  } catch (error) {
    if (signal.aborted) return;
    deps.log.warn({ err: error }, 'acquisition recognition: no answer');
    response = { ...base, type: 'error', data: [], message: 'Acquisition recognition failed.' };
  }
  if (signal.aborted) return;
  const status = response.type === 'success' ? 'done' : 'error';
  if (!(await finishPrompt(deps.db, job.llmRemoteId, status, source))) return;
  await deps.realtime.toSocket(job.socketId, job.userId, 'upload:study:aiprompt:response', response);
}
