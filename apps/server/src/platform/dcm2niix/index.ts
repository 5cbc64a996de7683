import { spawn } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
// The dependency-free module only: the package's index pulls dicom-parser, whose UMD build has no
// named exports under Node's own ESM loader (the server runs on it).
import { suspectLogLine } from '@voxa/imaging/dcm2niix';
import { dcm2niixArgs } from './args';

export interface Conversion {
  /** Output file names in `outputDir` (NIfTI and JSON sidecars), sorted. */
  files: string[];
  log: string;
}

/** DICOM folder -> NIfTI folder. Throws a ConversionError with dcm2niix's log when it fails. */
export interface Converter {
  convert(inputDir: string, outputDir: string): Promise<Conversion>;
  close(): Promise<void>;
}

export class ConversionError extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

async function result(outputDir: string, exitCode: number, log: string): Promise<Conversion> {
  const files = (await readdir(outputDir).catch(() => [])).sort();
  if (!files.some((f) => f.endsWith('.nii')))
    throw new ConversionError(`dcm2niix wrote no NIfTI file (exit code ${exitCode})`, log);
  if (exitCode !== 0) throw new ConversionError(`dcm2niix ended with code ${exitCode}`, log);
  const problem = suspectLogLine(log.split('\n'));
  if (problem) throw new ConversionError(`Output not trusted: ${problem}`, log);
  return { files, log };
}

interface WorkerReply {
  id?: number;
  ready?: true;
  exitCode?: number;
  crashed?: true;
  message?: string;
  log?: string;
}

/**
 * dcm2niix WebAssembly in one long-lived worker thread: the module compiles once (V8 takes seconds on the
 * 900 KB module), runs one series at a time, and a crashed instance is replaced before the next run.
 */
export function wasmConverter(): Converter {
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  const start = () => {
    worker = new Worker(new URL('./wasm-worker.mjs', import.meta.url));
    const w = worker;
    ready = new Promise((resolve, reject) => {
      w.once('message', (m: WorkerReply) =>
        m.ready ? resolve() : reject(new Error('dcm2niix did not start')),
      );
      w.once('error', reject);
    });
  };

  const run = async (inputDir: string, outputDir: string): Promise<Conversion> => {
    if (!worker) start();
    await ready;
    const w = worker as Worker;
    const id = nextId++;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      const onMessage = (m: WorkerReply) => {
        if (m.id !== id) return;
        w.off('message', onMessage);
        w.off('error', reject);
        resolve(m);
      };
      w.on('message', onMessage);
      w.once('error', reject);
      w.postMessage({ id, inputDir, outputDir, args: dcm2niixArgs(inputDir, outputDir) });
    }).catch((error: unknown) => ({ crashed: true as const, message: String(error), log: '' }));
    if (reply.crashed) {
      await w.terminate();
      worker = null;
      throw new ConversionError(`dcm2niix crashed: ${reply.message ?? ''}`, reply.log ?? '');
    }
    return result(outputDir, reply.exitCode ?? 1, reply.log ?? '');
  };

  return {
    convert(inputDir, outputDir) {
      const next = queue.then(() => run(inputDir, outputDir));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      await worker?.terminate();
      worker = null;
    },
  };
}

/** A native dcm2niix binary: the same outputs, faster (DESIGN.md). */
export function nativeConverter(binary: string): Converter {
  return {
    async convert(inputDir, outputDir) {
      await mkdir(outputDir, { recursive: true });
      const child = spawn(binary, dcm2niixArgs(inputDir, outputDir), { stdio: ['ignore', 'pipe', 'pipe'] });
      let log = '';
      child.stdout.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr.on('data', (d: Buffer) => (log += d.toString()));
      const exitCode = await new Promise<number>((resolve) => {
        child.on('error', () => resolve(127));
        child.on('close', (code) => resolve(code ?? 1));
      });
      return result(outputDir, exitCode, log);
    },
    close: async () => undefined,
  };
}

/**
 * The native binary when one is configured, falling back to WebAssembly for what it cannot read (Debian's
 * build lacks JPEG-LS); WebAssembly alone otherwise, so `npm start` needs nothing installed.
 */
export function createConverter(nativeBinary?: string): Converter {
  const wasm = wasmConverter();
  if (!nativeBinary) return wasm;
  const native = nativeConverter(nativeBinary);
  return {
    convert: (inputDir, outputDir) =>
      native.convert(inputDir, outputDir).catch(async () => {
        await rm(outputDir, { recursive: true, force: true });
        return wasm.convert(inputDir, outputDir);
      }),
    close: () => wasm.close(),
  };
}
