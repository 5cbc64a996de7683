import { Worker } from 'node:worker_threads';

/**
 * onnxruntime-node behind the one call the runtime makes: a float32 tensor in, the first output out
 * (docs/decisions/0044). The session lives in a worker thread (`session-worker.mjs`): onnxruntime-node's
 * `run` holds the thread that calls it for a whole patch, which would stall this process's event loop
 * (a worker's heartbeats) and keep the caller from working beside it. The package's own CPU binaries run
 * it; nothing is downloaded.
 */
export interface OnnxSession {
  readonly inputName: string;
  readonly outputName: string;
  /** `input` is copied when the call is made, so the caller may refill it at once. */
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
}

export interface OnnxOptions {
  /** Threads of one run; onnxruntime's default (0) takes every core. */
  threads?: number;
}

type Reply =
  | { ready: true; inputName: string; outputName: string }
  | { id: number; data: Float32Array; dims: number[] }
  | { id?: number; error: string };

export async function openOnnxSession(
  model: string | Uint8Array,
  options: OnnxOptions = {},
): Promise<OnnxSession> {
  const worker = new Worker(new URL('./session-worker.mjs', import.meta.url), {
    workerData: { model, threads: options.threads ?? 0 },
  });
  const pending = new Map<
    number,
    { resolve: (r: { data: Float32Array; dims: number[] }) => void; reject: (e: Error) => void }
  >();
  let failure: Error | null = null;
  const names = new Promise<{ inputName: string; outputName: string }>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return resolve(reply);
      const call = reply.id === undefined ? undefined : pending.get(reply.id);
      if (reply.id !== undefined) pending.delete(reply.id);
      if ('error' in reply) {
        const error = new Error(reply.error);
        if (call) call.reject(error);
        else reject(error);
      } else call?.resolve(reply);
    });
    // A crashed worker fails every call in flight and the ones after.
    worker.on('error', (error) => {
      failure = error;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    });
  });
  const { inputName, outputName } = await names.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  let next = 0;
  return {
    inputName,
    outputName,
    run(input, dims) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input, dims });
      });
    },
    async release() {
      await worker.terminate();
    },
  };
}
