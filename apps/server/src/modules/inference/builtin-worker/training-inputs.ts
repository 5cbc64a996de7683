import { TrainingStartBody, type IntensityNormalisation, type LeasedJob } from '@voxa/contracts';
import type { Deps } from '../../../deps';
import type { WorkerRef } from '../../../http/context';
import type { TrainingFiles } from '../../trainings/cpu/run-training-in-thread';
import type { CpuTrainingSetup } from '../../trainings/cpu/train';
import { trainingInput, trainingMask } from '../../trainings/worker';

/** What the built-in worker trains a model with no normalisation of its own with (an external one). */
const DEFAULT_NORMALISATION: Record<string, IntensityNormalisation> = {
  ct: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
};

/**
 * The cases and setup of a leased training, read as an external worker would, through the protocol's
 * service functions (held, of its set): each segmentation's first volume and current mask (one without a mask is left out),
 * the training's segments, its model's normalisation (a CT default, z-score otherwise, when it has none)
 * and the start's parameters. Answers why it cannot train here instead, and the job then fails with it.
 */
export async function trainingInputs(
  deps: Pick<Deps, 'db' | 'storage'>,
  me: WorkerRef,
  job: LeasedJob,
): Promise<{ cases: TrainingFiles[]; setup: CpuTrainingSetup; skipped: number } | string> {
  const model =
    job.model.id === null
      ? undefined
      : await deps.db
          .selectFrom('ai_models')
          .select(['channels', 'normalization', 'modality'])
          .where('id', '=', job.model.id)
          .executeTakeFirst();
  if ((model?.channels ?? 1) !== 1) return 'The built-in worker trains models of one input channel only.';
  const cases: TrainingFiles[] = [];
  let skipped = 0;
  for (const s of job.training?.segmentations ?? []) {
    if (!s.has_mask || s.inputs.length === 0) {
      skipped++;
      continue;
    }
    const at = { jobId: job.id, segmentationId: s.segmentation_id };
    const image = await trainingInput(deps, me, { ...at, volume: 0 });
    const mask = await trainingMask(deps, me, at);
    // Paths, not bytes: the training thread reads them itself.
    cases.push({ imagePath: await deps.storage.path(image.key), maskPath: await deps.storage.path(mask) });
  }
  if (cases.length === 0) return 'No segmentation of the training has a mask and an image to train on.';
  const values = job.segments.map((s) => s.value).sort((a, b) => a - b);
  return {
    cases,
    skipped,
    setup: {
      segmentValues: [0, ...values],
      inputChannels: 1,
      normalisation: model?.normalization ??
        DEFAULT_NORMALISATION[(model?.modality ?? '').toLowerCase()] ?? { kind: 'zscore' },
      parameters: TrainingStartBody.parse(job.parameters),
    },
  };
}
