import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
// tfjs-core's packaged builds register no gradients; tfjs-layers registers core's (in tfjs' global
// registry) when it loads, so nothing else of it is used.
import '@tensorflow/tfjs-layers';

/**
 * TensorFlow.js on its WebAssembly backend (docs/decisions/0053): XNNPACK compiled to wasm, shipped in
 * the npm package (no native binary, nothing downloaded), 10 to 30 times faster than the pure-JS CPU
 * backend here. It has no Conv2DBackpropFilter kernel, which conv2dSame below does without. Its warnings
 * (the advice to install tfjs-node) are silenced.
 */
tf.enableProdMode();
export const TRAINING_BACKEND = 'wasm';
let ready: Promise<boolean> | null = null;
export async function tfReady(): Promise<void> {
  ready ??= tf.setBackend(TRAINING_BACKEND);
  if (!(await ready)) throw new Error(`TensorFlow.js' ${TRAINING_BACKEND} backend did not start.`);
}

export { tf };

/**
 * A 'same' 2D convolution (odd square kernel, stride 1) whose gradients are forward convolutions: the wasm
 * backend has no filter gradient kernel (Conv2DBackpropFilter), and the CPU backend's is 10 to 100 times
 * slower than its forward pass.
 * The filter's gradient is the padded input (channels as batch) convolved with the output's gradient
 * (batch as channels); the input's, the output's gradient convolved with the flipped, transposed filter.
 */
export function conv2dSame(x: tf.Tensor4D, filter: tf.Tensor4D): tf.Tensor4D {
  const run = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const [xs, w, save] = args as [tf.Tensor4D, tf.Tensor4D, tf.GradSaveFunc];
    save([xs, w]);
    return {
      value: tf.conv2d(xs, w, 1, 'same'),
      gradFunc: (dy, saved) => {
        const [xSaved, wSaved] = saved as [tf.Tensor4D, tf.Tensor4D];
        const grad = dy as tf.Tensor4D;
        const pad = ((wSaved.shape[0] ?? 1) - 1) / 2;
        const flipped = tf.transpose(tf.reverse(wSaved, [0, 1]), [0, 1, 3, 2]) as tf.Tensor4D;
        const dx = tf.conv2d(grad, flipped, 1, 'same');
        const padded = tf.pad(xSaved, [
          [0, 0],
          [pad, pad],
          [pad, pad],
          [0, 0],
        ]);
        const dw = tf.transpose(
          tf.conv2d(
            tf.transpose(padded, [3, 1, 2, 0]) as tf.Tensor4D,
            tf.transpose(grad, [1, 2, 0, 3]) as tf.Tensor4D,
            1,
            'valid',
          ),
          [1, 2, 0, 3],
        );
        return [dx, dw];
      },
    };
  });
  return run(x, filter) as tf.Tensor4D;
}
