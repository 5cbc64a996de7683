import { TRAINING_ONE_SERIES, TRAINING_TOO_FEW } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { trainingSetWarnings } from './warnings';

const of = (...series: string[]) => series.map((uuid) => ({ series: { uuid } }));

describe('warnings before a training starts', () => {
  it('says how many the model needs when fewer are chosen', () => {
    expect(trainingSetWarnings(of('a', 'b'), 3)).toEqual([TRAINING_TOO_FEW(2, 3)]);
    expect(TRAINING_TOO_FEW(2, 3)).toMatch(/at least 3 matching segmentations; 2 chosen/);
  });

  it('warns when every chosen segmentation comes from one series, however many', () => {
    expect(trainingSetWarnings(of('a', 'a', 'a'), 2)).toEqual([TRAINING_ONE_SERIES]);
    expect(trainingSetWarnings(of('a'), 10)).toEqual([TRAINING_TOO_FEW(1, 10), TRAINING_ONE_SERIES]);
  });

  it('says nothing for enough segmentations of several series, nor before one is chosen', () => {
    expect(trainingSetWarnings(of('a', 'b'), 2)).toEqual([]);
    expect(trainingSetWarnings([], 10)).toEqual([]);
  });
});
