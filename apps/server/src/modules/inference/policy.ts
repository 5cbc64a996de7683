import {
  AUTO_INFERENCE_CODES,
  INFERENCE_NO_WORKER,
  INFERENCE_WORKERS_BUSY,
  type InferenceState,
} from '@voxa/contracts';

/** What the choice of a series reads of each series of a case. */
export interface CandidateSeries {
  uuid: string;
  status: string;
  modality_code: string | null;
  ref_serie: boolean;
  sort: number;
  id: number;
}

/** A converted series whose modality is the model's (a model of no particular modality reads any). */
export function fits(series: CandidateSeries, modality: string): boolean {
  if (series.status !== 'done') return false;
  const wanted = modality.trim().toUpperCase();
  return wanted === '' || (series.modality_code ?? '').toUpperCase() === wanted;
}

/**
 * The series an inference runs on: the one asked for, else the case's reference series, else its first
 * converted series (in the case's order) that fits the model; undefined when none fits.
 */
export function chooseSeries<S extends CandidateSeries>(
  series: readonly S[],
  modality: string,
  taskId?: string | null,
): S | undefined {
  const fitting = series.filter((s) => fits(s, modality));
  if (taskId) return fitting.find((s) => s.uuid === taskId);
  return fitting.find((s) => s.ref_serie) ?? [...fitting].sort((a, b) => a.sort - b.sort || a.id - b.id)[0];
}

/** A worker as the reason of a waiting inference reads it. */
export interface ServingWorker {
  models: readonly string[];
  online: boolean;
}

/** Why an inference waits (queued), or its error (failed); null otherwise. */
export function inferenceReason(
  job: { state: InferenceState; model_code: string; error: string | null },
  workers: readonly ServingWorker[],
): string | null {
  if (job.state === 'failed') return job.error;
  if (job.state !== 'queued') return null;
  return servedNow(job.model_code, workers) ? INFERENCE_WORKERS_BUSY : INFERENCE_NO_WORKER(job.model_code);
}

/** Whether an online worker (the team's or a platform one) serves the model code now. */
export function servedNow(code: string, workers: readonly ServingWorker[]): boolean {
  return workers.some((w) => w.online && w.models.includes(code));
}

/**
 * The automatic codes of a converted series split by the workers online now: those to run, and those that
 * need a worker first (recorded against the series, not queued to wait forever).
 */
export function splitByWorkers(
  codes: readonly string[],
  workers: readonly ServingWorker[],
): { run: string[]; needWorker: string[] } {
  return {
    run: codes.filter((code) => servedNow(code, workers)),
    needWorker: codes.filter((code) => !servedNow(code, workers)),
  };
}

/** The states an inference can still be cancelled in. */
export const OPEN_STATES = ['created', 'queued', 'running'] as const satisfies readonly InferenceState[];

export const isOpen = (state: InferenceState): boolean => (OPEN_STATES as readonly string[]).includes(state);

/** Without a setting of the team, the spec's codes run after conversion and no other model does. */
export function automaticByDefault(code: string): boolean {
  return Object.values(AUTO_INFERENCE_CODES).some((codes) => codes.includes(code));
}

/**
 * The codes to create inferences with after a series of `modality` converts: the spec's codes for it, in
 * their order, less those turned off for the team and those the series already has an inference of.
 */
export function automaticCodes(
  modality: string | null,
  turnedOff: ReadonlySet<string>,
  existing: ReadonlySet<string>,
): string[] {
  const codes = AUTO_INFERENCE_CODES[(modality ?? '').toUpperCase()] ?? [];
  return codes.filter((code) => !turnedOff.has(code) && !existing.has(code));
}

/** The start's parameters: what it gave, else the team's defaults (n only when known). */
export function startParameters(
  given: { n?: number | undefined; mp?: Record<string, unknown> | undefined },
  defaults: { n: number | null; mp: Record<string, unknown> },
): Record<string, unknown> {
  const n = given.n ?? defaults.n;
  return { ...(n !== null && { n }), mp: given.mp ?? defaults.mp };
}
