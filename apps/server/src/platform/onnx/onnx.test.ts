import { describe, expect, it } from 'vitest';
import { bodyModel } from '../../../test/onnx-models';
import { openOnnxSession } from './index';

describe('openOnnxSession', () => {
  it.each([0, 4])(
    'runs the tests’ body model (hidden channels: %i) with onnxruntime-node',
    async (hidden) => {
      const session = await openOnnxSession(bodyModel({ threshold: 0.5, hidden }), { threads: 1 });
      try {
        expect([session.inputName, session.outputName]).toEqual(['image', 'logits']);
        // A 3x3x3 cube of 1 (body) in 0 (air): the centre voxel's mean is 1, a corner's (zero padding) 8/27.
        const { data, dims } = await session.run(new Float32Array(27).fill(1), [1, 1, 3, 3, 3]);
        expect(dims).toEqual([1, 2, 3, 3, 3]);
        expect(data[13]).toBeCloseTo(0.5 - 1, 5);
        expect(data[27 + 13]).toBeCloseTo(1 - 0.5, 5);
        expect(data[27]).toBeCloseTo(8 / 27 - 0.5, 5);
      } finally {
        await session.release();
      }
    },
  );

  it('refuses bytes that are not a model', async () => {
    await expect(openOnnxSession(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });
});
