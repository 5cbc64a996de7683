import type { Checkpoint, CpuTrainingSetup, EpochReport } from './train';

/** What the training thread is given: paths, not bytes, so nothing large crosses the thread boundary. */
export interface TrainingFiles {
  /** The series' NIfTI (.nii or .nii.gz). */
  imagePath: string;
  /** Its label map (.nii or .nii.gz) on the series' grid. */
  maskPath: string;
}

export interface TrainingTask {
  cases: TrainingFiles[];
  setup: CpuTrainingSetup;
}

/** What it answers: each epoch (with its checkpoint when it improved), then the best checkpoint, or an error. */
export type TrainingThreadMessage =
  | { kind: 'epoch'; report: EpochReport; checkpoint: Checkpoint | null }
  | { kind: 'done'; best: Checkpoint }
  | { kind: 'error'; message: string };
