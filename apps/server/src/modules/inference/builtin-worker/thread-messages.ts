import type { ModelRuntimeSpec } from '@voxa/contracts';

/** What the inference thread is given: paths, not bytes, so nothing large crosses the thread boundary. */
export interface ThreadTask {
  onnxPath: string;
  spec: ModelRuntimeSpec;
  /** The series' NIfTI (.nii or .nii.gz). */
  inputPath: string;
  /** onnxruntime's intra-op threads. */
  threads: number;
}

/** What it answers: progress, then the label map as a NIfTI file on the series' grid, or an error. */
export type ThreadMessage =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; labelMap: Uint8Array; seconds: number }
  | { kind: 'error'; message: string };
