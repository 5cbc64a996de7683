import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';
import { conv2dSame, tf, tfReady, TRAINING_BACKEND } from './tf';

const close = (a: tf.Tensor, b: tf.Tensor) => {
  const [x, y] = [a.dataSync(), b.dataSync()];
  const scale = Math.max(...Array.from(y, Math.abs));
  return Math.max(...Array.from(x, (v, i) => Math.abs(v - (y[i] ?? NaN)))) / scale;
};

describe('conv2dSame', () => {
  it.each([3, 1])(
    'has tfjs’ own gradients (%i-wide kernel), on the training backend against the CPU backend’s kernels',
    async (k) => {
      await tfReady();
      const random = seededRandom(3);
      const values = (n: number) => Float32Array.from({ length: n }, () => random() * 2 - 1);
      const [xv, wv, dv] = [values(2 * 9 * 7 * 3), values(k * k * 3 * 5), values(2 * 9 * 7 * 5)];
      const gradients = (conv: (x: tf.Tensor4D, w: tf.Tensor4D) => tf.Tensor4D) =>
        tf.grads((x: tf.Tensor, w: tf.Tensor) =>
          tf.sum(tf.mul(conv(x as tf.Tensor4D, w as tf.Tensor4D), tf.tensor4d(dv, [2, 9, 7, 5]))),
        )([tf.tensor4d(xv, [2, 9, 7, 3]), tf.tensor4d(wv, [k, k, 3, 5])]);
      expect(tf.getBackend()).toBe(TRAINING_BACKEND);
      const ours = gradients(conv2dSame);
      await tf.setBackend('cpu');
      try {
        const reference = gradients((x, w) => tf.conv2d(x, w, 1, 'same'));
        expect(close(tf.tensor(ours[0]!.dataSync(), ours[0]!.shape), reference[0]!)).toBeLessThan(1e-5);
        expect(close(tf.tensor(ours[1]!.dataSync(), ours[1]!.shape), reference[1]!)).toBeLessThan(1e-5);
      } finally {
        await tf.setBackend(TRAINING_BACKEND);
      }
    },
  );
});
