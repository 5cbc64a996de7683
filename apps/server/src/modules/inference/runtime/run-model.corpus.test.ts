import path from 'node:path';
import {
  emptyLabelMask,
  gridMismatch,
  labelMaskVoxels,
  labelVoxels,
  parseNifti,
  readNiftiVolume,
} from '@voxa/imaging';
import type { ModelRuntimeSpec } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../../test/corpus';
import { bodyModel } from '../../../../test/onnx-models';
import { runModel } from './run-model';

/**
 * The runtime on a real CT (TotalSegmentator's example, 122x101x30 at 3 mm) with a real ONNX network: a
 * 3x3x3 mean then a threshold at -500 HU, at 1.5 mm, so the series is resampled both ways.
 */
const FOLDER = 'segmentation/totalsegmentator';
const BODY_HU = -500;
const SPEC: ModelRuntimeSpec = {
  inputChannels: 1,
  targetSpacing: [1.5, 1.5, 1.5],
  // Air becomes 0, so the network's zero padding at the volume's edge reads as air.
  normalisation: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
  patchSize: [96, 96, 48],
  overlap: 0.5,
  segmentValues: [0, 1],
};
const model = { onnx: bodyModel({ threshold: (BODY_HU + 1000) / 1000 }), spec: SPEC };

const fileOf = (name: string): ArrayBuffer => readCorpusFile(path.join(FOLDER, name)).slice().buffer;

function dice(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let [both, sizes] = [0, 0];
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [(a[i] ?? 0) > 0, (b[i] ?? 0) > 0];
    if (x && y) both++;
    sizes += Number(x) + Number(y);
  }
  return (2 * both) / sizes;
}

describe('runModel on a real CT', () => {
  const ct = fileOf('example_ct_sm.nii.gz');
  const parsed = parseNifti(ct);
  if (!parsed.ok) throw new Error(parsed.error);

  it('answers the body on the series’ grid, as a HU threshold does, covering TotalSegmentator’s structures', async () => {
    const progress: number[] = [];
    const result = await runModel(model, ct.slice(0), { onProgress: (f) => progress.push(f) });

    expect(result.dims).toEqual([122, 101, 30]);
    // As a mask file on the series' header: the same grid (dims, voxel size, affine).
    const mask = emptyLabelMask(new Uint8Array(parsed.data, 0, 348), 'uint8');
    labelMaskVoxels(mask.bytes).set(result.labels);
    const written = parseNifti(mask.bytes.slice().buffer);
    if (!written.ok) throw new Error(written.error);
    expect(gridMismatch(written.raw, parsed.raw)).toBeNull();

    // The reference: each CT voxel above -500 HU, read independently with the imaging package's reader.
    const volume = readNiftiVolume(ct.slice(0));
    if (!volume.ok) throw new Error(volume.error);
    const threshold = Uint8Array.from(result.labels, (_, i) => Number(volume.volume.voxel(i) > BODY_HU));
    expect(dice(result.labels, threshold)).toBeGreaterThan(0.95);

    // TotalSegmentator's structures lie inside the body: all but those holding air or
    // gas (lungs, airway, bowel) are nearly all in the mask.
    const seg = parseNifti(fileOf('example_seg.nii.gz'));
    if (!seg.ok) throw new Error(seg.error);
    const reference = labelVoxels(seg.raw, seg.data, result.labels.length);
    if (!reference.ok) throw new Error(reference.error);
    const classes = JSON.parse(new TextDecoder().decode(readCorpusFile(path.join(FOLDER, 'class_map.json'))));
    const holdingGas = new Set(
      Object.entries(classes.total as Record<string, string>)
        .filter(([, name]) => /^(lung|trachea|esophagus|stomach|duodenum|small_bowel|colon)/.test(name))
        .map(([value]) => Number(value)),
    );
    let [inside, structures] = [0, 0];
    reference.labels.forEach((label, i) => {
      if (label > 0 && !holdingGas.has(label))
        [structures, inside] = [structures + 1, inside + (result.labels[i] ?? 0)];
    });
    expect(inside / structures).toBeGreaterThan(0.99);
    // The body holds much besides the labelled structures (fat, muscle, skin), so Dice is far below 1
    // (0.58 when written: docs/decisions/0044).
    const organs = dice(result.labels, reference.labels);
    expect(organs).toBeGreaterThan(0.3);
    expect(organs).toBeLessThan(0.9);

    expect(progress.length).toBeGreaterThan(2);
    progress.forEach((f, i) => expect(f).toBeGreaterThanOrEqual(progress[i - 1] ?? 0));
    expect(progress.at(-1)).toBe(1);
  }, 180_000);

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const run = runModel(model, ct.slice(0), {
      signal: controller.signal,
      onProgress: (f) => {
        progress.push(f);
        if (progress.length === 2) controller.abort();
      },
    });
    await expect(run).rejects.toThrow(/abort/i);
    expect(progress).toHaveLength(2);
  }, 180_000);
});
