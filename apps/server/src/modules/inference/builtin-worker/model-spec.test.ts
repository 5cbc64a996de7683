import { describe, expect, it } from 'vitest';
import { runtimeSpec, type SpecFields } from './model-spec';

const onnx: SpecFields = {
  runtime: 'onnx',
  channels: 1,
  spacing: [1.5, 1.5, 3],
  patch_size: [64, 64, 32],
  normalization: { kind: 'zscore' },
  segments: [
    { title: 'Liver', value: 5 },
    { title: 'Body', value: 1 },
  ],
};

describe('runtimeSpec', () => {
  it('maps a registry model to the runtime’s spec, background first then segments by value', () => {
    expect(runtimeSpec(onnx)).toEqual({
      inputChannels: 1,
      targetSpacing: [1.5, 1.5, 3],
      normalisation: { kind: 'zscore' },
      patchSize: [64, 64, 32],
      overlap: 0.5,
      segmentValues: [0, 1, 5],
    });
  });

  it('answers why an external model or one without patch or normalisation cannot run', () => {
    expect(runtimeSpec({ ...onnx, runtime: 'external' })).toMatch(/external worker/);
    expect(runtimeSpec({ ...onnx, patch_size: null })).toMatch(/patch size/);
    expect(runtimeSpec({ ...onnx, normalization: null })).toMatch(/normalisation/);
  });
});
