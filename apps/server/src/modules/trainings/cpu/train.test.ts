import { describe, expect, it } from 'vitest';
import { DEFAULT_SPACING, runtimeSpec, trainOnCpu, type CpuTrainingSetup } from './train';

const setup: CpuTrainingSetup = {
  segmentValues: [0, 3, 7],
  inputChannels: 2,
  normalisation: { kind: 'zscore' },
  parameters: { validationSplit: 0.2, epochs: 1, learningRate: 0.001, patchSize: [63, 48, 32] },
};

describe('runtimeSpec', () => {
  it('is the spec the exported model runs with: a 2D patch of even sides, the setup’s channels and values', () => {
    expect(runtimeSpec(setup)).toEqual({
      inputChannels: 2,
      targetSpacing: DEFAULT_SPACING,
      normalisation: { kind: 'zscore' },
      patchSize: [64, 48, 1],
      overlap: 0.5,
      segmentValues: [0, 3, 7],
    });
    expect(runtimeSpec({ ...setup, targetSpacing: [1, 1, 2] }).targetSpacing).toEqual([1, 1, 2]);
  });
});

describe('trainOnCpu', () => {
  const bytes = new ArrayBuffer(8);
  it.each([
    [[], setup, /no cases/],
    [[{ image: bytes, mask: bytes }], { ...setup, segmentValues: [1, 2] }, /segmentValues must be 0/],
    [[{ image: bytes, mask: bytes }], { ...setup, segmentValues: [0, 2, 2] }, /segmentValues must be 0/],
    [[{ image: bytes, mask: bytes }], setup, /Case 1: The series’ NIfTI cannot be read/],
  ])('refuses unusable input with a clear error (%#)', async (cases, bad, message) => {
    await expect(trainOnCpu(cases, bad)).rejects.toThrow(message);
  });
});
