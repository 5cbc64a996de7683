import type { AiModel, AiModelInput } from '@voxa/contracts';
import { expect } from 'vitest';
import { buildJob } from './ai-job-factories';
import type { Uploader } from './conversion-flow';
import type { ConvertedSeries } from './mask-flow';
import { bodyModel } from './onnx-models';
import { buildStructure } from './segmentation-factories';

/**
 * The tests' body model (onnx-models.ts: a 3x3x3 mean, then a threshold at -500 HU) put in the registry
 * as a team's ONNX model with its file, and jobs of it on a converted series: what the built-in worker runs.
 */
export const BODY_HU = -500;

export interface RegisteredModel {
  id: number;
  code: string;
  structureId: number;
  segments: { title: string; value: number }[];
}

export async function registerBodyModel(u: Uploader, code = 'body', hidden = 0): Promise<RegisteredModel> {
  const who = { token: u.owner.token, team: u.team.slug };
  const structure = await buildStructure(u.t, { team: u.team, slug: `${code}-body`, title: 'Body' });
  const input: AiModelInput = {
    name: 'Body (threshold at -500 HU)',
    code,
    structure: structure.slug,
    segments: [{ title: 'Body', value: 1 }],
    runtime: 'onnx',
    modality: 'ct',
    spacing: [1.5, 1.5, 1.5],
    patch_size: [96, 96, 48],
    // Air becomes 0, so the network's zero padding reads as air; 0.5 is -500 HU.
    normalization: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
  };
  const created = await u.t.call('POST', '/ai2/model', { ...who, body: input });
  expect(created.status).toBe(201);
  const model = created.body as AiModel;
  const file = await u.t.call('PUT', `/ai2/model/${model.id}/file`, {
    ...who,
    bytes: bodyModel({ threshold: (BODY_HU + 1000) / 1000, hidden }),
  });
  expect(file.status).toBe(200);
  return { id: model.id, code, structureId: structure.id, segments: [{ title: 'Body', value: 1 }] };
}

export async function seriesIdOf(u: Uploader, series: ConvertedSeries): Promise<number> {
  const row = await u.t.db
    .selectFrom('series')
    .select('id')
    .where('uuid', '=', series.uuid)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A queued job of the model on the series, by the team's owner. */
export const queueBodyJob = (u: Uploader, seriesId: number, model: RegisteredModel) =>
  buildJob(u.t, {
    teamId: u.team.id,
    seriesId,
    createdBy: u.owner.id,
    structureId: model.structureId,
    segments: model.segments,
    model: { id: model.id, code: model.code },
  });

export function dice(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let [both, sizes] = [0, 0];
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [(a[i] ?? 0) > 0, (b[i] ?? 0) > 0];
    if (x && y) both++;
    sizes += Number(x) + Number(y);
  }
  return (2 * both) / sizes;
}
