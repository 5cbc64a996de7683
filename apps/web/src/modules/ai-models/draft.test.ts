import type { AiModel } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, inputOf, nextSegment } from './draft';

const model: AiModel = {
  id: 3,
  name: 'Liver',
  code: 'liver',
  description: '',
  structure_name: 'Liver',
  structure_slug: 'liver',
  segments: [{ title: 'Liver', value: 1, color: '#e6194b' }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by_user_name: 'Olivia',
  created_by_team_name: 'Lab',
  parent_id: null,
  is_private: true,
  is_derived: false,
  built_in: false,
  can_edit: true,
  runtime: 'onnx',
  modality: 'CT',
  channels: 1,
  spacing: [0.8, 0.8, 2],
  patch_size: [96, 96, 64],
  normalization: { kind: 'ct', clip: [-100, 250], mean: 99, std: 39 },
  min_val_dice: 0.7,
  min_training_segmentations: 20,
  file: null,
  ready: false,
};

describe('model form draft', () => {
  it('gives back the model it was made from', () => {
    expect(inputOf(draftOf(model))).toMatchObject({
      name: 'Liver',
      structure: 'liver',
      segments: [{ title: 'Liver', value: 1 }],
      spacing: [0.8, 0.8, 2],
      patch_size: [96, 96, 64],
      normalization: { kind: 'ct', clip: [-100, 250], mean: 99, std: 39 },
      min_val_dice: 0.7,
      min_training_segmentations: 20,
    });
  });

  it('sends no patch size nor normalisation for an external model, and empty numbers as 0', () => {
    const draft = {
      ...emptyDraft(),
      runtime: 'external' as const,
      spacing: [1, '', 1] as [number, '', number],
    };
    expect(inputOf(draft)).toMatchObject({ patch_size: null, normalization: null, spacing: [1, 0, 1] });
  });

  it('adds a segment after the highest value', () => {
    expect(
      nextSegment([
        { title: 'A', value: 1 },
        { title: 'B', value: 7 },
      ]),
    ).toEqual({ title: 'Part 8', value: 8 });
    expect(nextSegment([])).toEqual({ title: 'Part 1', value: 1 });
  });
});
