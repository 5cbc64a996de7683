import { describe, expect, it } from 'vitest';
import { openOnnxSession } from '../../../platform/onnx';
import { seededRandom } from './random';
import { tf, tfReady } from './tf';
import { disposeUnet, initUnet, unetForward } from './unet';
import { unetToOnnx } from './unet-onnx';

describe('unetToOnnx', () => {
  it('answers what tfjs answers, run by onnxruntime-node on NCDHW input', async () => {
    await tfReady();
    const [inputs, classes, h, w] = [2, 3, 12, 16];
    const random = seededRandom(7);
    const weights = initUnet(inputs, classes, random);
    // Non-zero biases, so their export is checked too.
    for (const bias of Object.values(weights.biases))
      bias?.assign(tf.tensor1d(Array.from({ length: bias.shape[0] }, () => random() - 0.5)));
    // NCDHW with one slice: channel-major [c][y][x].
    const input = Float32Array.from({ length: inputs * h * w }, () => random() * 4 - 2);
    const nhwc = tf.tidy(() => tf.transpose(tf.tensor4d(input, [1, inputs, h, w]), [0, 2, 3, 1]));
    const expected = tf.tidy(() =>
      tf.transpose(unetForward(weights, nhwc as tf.Tensor4D), [0, 3, 1, 2]).dataSync(),
    );
    const session = await openOnnxSession(unetToOnnx(weights), { threads: 1 });
    try {
      const { data, dims } = await session.run(input, [1, inputs, 1, h, w]);
      expect(dims).toEqual([1, classes, 1, h, w]);
      let worst = 0;
      data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (expected[i] ?? NaN)))));
      expect(worst).toBeLessThan(1e-4);
      expect(Math.max(...Array.from(expected, Math.abs))).toBeGreaterThan(0.1);
    } finally {
      await session.release();
      nhwc.dispose();
      disposeUnet(weights);
    }
  });
});
