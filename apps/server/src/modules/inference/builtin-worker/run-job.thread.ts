import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { emptyLabelMask, labelMaskVoxels, parseNifti } from '@voxa/imaging';
import { runModel } from '../runtime/run-model';
import type { ThreadMessage, ThreadTask } from './thread-messages';

/**
 * Runs one job's model in this thread (onnxruntime's run blocks the thread that calls it; the server's
 * event loop must keep answering) and answers the label map written on the series' own header.
 */
const NIFTI1_HEADER_BYTES = 348;
const task = workerData as ThreadTask;
const post = (message: ThreadMessage, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(message, transfer);

try {
  const started = performance.now();
  const stored = await readFile(task.inputPath);
  const parsed = parseNifti(stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength));
  if (!parsed.ok) throw new Error(`The series’ NIfTI cannot be read: ${parsed.error}`);
  const header = new Uint8Array(parsed.data.slice(0, NIFTI1_HEADER_BYTES));
  const result = await runModel({ onnx: task.onnxPath, spec: task.spec }, parsed.data, {
    threads: task.threads,
    onProgress: (fraction) => post({ kind: 'progress', fraction }),
  });
  const mask = emptyLabelMask(header, result.labels instanceof Uint16Array ? 'uint16' : 'uint8');
  labelMaskVoxels(mask.bytes).set(result.labels);
  const labelMap = mask.bytes;
  post({ kind: 'done', labelMap, seconds: (performance.now() - started) / 1000 }, [
    labelMap.buffer as ArrayBuffer,
  ]);
} catch (error) {
  post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
}
