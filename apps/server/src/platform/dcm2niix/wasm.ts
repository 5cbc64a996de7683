import { Worker } from 'node:worker_threads';
import { dcm2niixArgs } from './args';
import { ConversionError, conversionResult, type ConvertOptions, type Converter } from './result';

const MiB = 1024 * 1024;

export interface WasmLimits {
  /** dcm2niix's heap may not grow past this: an allocation beyond it fails that series only. */
  maxHeapBytes: number;
  /** A worker whose heap grew past this during a run is replaced after it, so the memory goes back. */
  recycleAboveBytes: number;
  /** V8's own heap of the worker (the module's JavaScript side; the series' bytes are not in it). */
  maxJsHeapMb: number;
}

/** WebAssembly's 32-bit memory, as the module is built, is 2 GiB at most. */
export const DEFAULT_WASM_LIMITS: WasmLimits = {
  maxHeapBytes: 2048 * MiB,
  recycleAboveBytes: 256 * MiB,
  maxJsHeapMb: 256,
};

interface WorkerReply {
  id?: number;
  ready?: true;
  module?: WebAssembly.Module;
  exitCode?: number;
  crashed?: true;
  /** The heap cap refused an allocation during the run (or V8's own heap limit was reached). */
  outOfMemory?: boolean;
  message?: string;
  log?: string;
  heapBytes?: number;
}

/** Why a worker stopped, in words a user can act on. */
function crashMessage(reply: WorkerReply, limits: WasmLimits): string {
  return reply.outOfMemory
    ? `dcm2niix ran out of memory on this series (WebAssembly limit ${Math.round(limits.maxHeapBytes / MiB)} MiB)`
    : `dcm2niix stopped on this series: ${reply.message ?? 'unknown error'}`;
}

/**
 * dcm2niix WebAssembly in a worker thread. The module is compiled once per process and handed to each
 * new worker, so replacing one is cheap: a worker whose heap grew past `recycleAboveBytes` (the
 * Emscripten heap never shrinks) or that crashed is ended after its run and a fresh one serves the next.
 * Series run one at a time.
 */
export function wasmConverter(limits: WasmLimits = DEFAULT_WASM_LIMITS): Converter {
  let compiled: WebAssembly.Module | undefined;
  let current: { worker: Worker; ready: Promise<void> } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  const start = () => {
    const worker = new Worker(new URL('./wasm-worker.mjs', import.meta.url), {
      workerData: { module: compiled, maxHeapBytes: limits.maxHeapBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxJsHeapMb },
    });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (m: WorkerReply) => {
        compiled ??= m.module;
        if (m.ready) resolve();
        else reject(new Error('dcm2niix did not start'));
      });
      worker.once('error', reject);
    });
    return { worker, ready };
  };

  const retire = async () => {
    const worker = current?.worker;
    current = null;
    await worker?.terminate();
  };

  /** The worker's answer; a worker that throws or exits answers as crashed instead. */
  const ask = async (worker: Worker, message: { id: number; [key: string]: unknown }) =>
    new Promise<WorkerReply>((resolve) => {
      const done = (reply: WorkerReply) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(reply);
      };
      const onMessage = (m: WorkerReply) => m.id === message.id && done(m);
      const onError = (error: Error & { code?: string }) =>
        done({
          crashed: true,
          outOfMemory: error.code === 'ERR_WORKER_OUT_OF_MEMORY',
          message: error.message,
        });
      const onExit = (code: number) => done({ crashed: true, message: `worker exited with code ${code}` });
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(message);
    });

  const run = async (inputDir: string, outputDir: string, options?: ConvertOptions) => {
    current ??= start();
    const { worker, ready } = current;
    const id = nextId++;
    const reply: WorkerReply = await ready.then(
      () => ask(worker, { id, inputDir, outputDir, args: dcm2niixArgs(inputDir, outputDir) }),
      (error: unknown) => ({ crashed: true, message: String(error) }),
    );
    // After a refused allocation dcm2niix may have written through a null pointer: the instance goes too.
    const unsound = reply.crashed || reply.outOfMemory;
    if (unsound || (reply.heapBytes ?? 0) > limits.recycleAboveBytes) await retire();
    if (unsound) throw new ConversionError(crashMessage(reply, limits), reply.log ?? '');
    return conversionResult('wasm', outputDir, reply.exitCode ?? 1, reply.log ?? '', options);
  };

  return {
    convert(inputDir, outputDir, options) {
      const next = queue.then(() => run(inputDir, outputDir, options));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      await retire();
    },
  };
}
