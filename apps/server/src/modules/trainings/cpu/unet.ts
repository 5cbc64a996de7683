import { conv2dSame, tf } from './tf';

/**
 * The compact 2D U-Net trained on CPU (docs/decisions/0053): axial slices, two resolutions.
 *
 *   e1 = relu(conv3(relu(conv3(x))))                 C1 channels, full resolution
 *   e2 = relu(conv3(relu(conv3(maxpool2(e1)))))      C2 channels, half resolution
 *   d  = relu(conv3(relu(conv3(up2(e2)) + conv3(e1))))  C1 channels: the skip as a second convolution
 *   logits = conv1(d)                                one channel per class
 *
 * The skip is added as its own convolution rather than concatenated (the same network: a convolution of
 * a concatenation is the sum of the convolutions of its parts), since the CPU backend's concat gradient
 * is slow. Upsampling is nearest-neighbour. Slices are NHWC here: H is y, W is x.
 */
export const C1 = 8;
export const C2 = 16;

/** Filter shapes [kh, kw, in, out]; the biases follow the convolutions they belong to. */
export function layerShapes(inputs: number, classes: number) {
  return {
    enc1a: [3, 3, inputs, C1],
    enc1b: [3, 3, C1, C1],
    enc2a: [3, 3, C1, C2],
    enc2b: [3, 3, C2, C2],
    upConv: [3, 3, C2, C1],
    skipConv: [3, 3, C1, C1],
    dec: [3, 3, C1, C1],
    head: [1, 1, C1, classes],
  } as const satisfies Record<string, readonly [number, number, number, number]>;
}

export type LayerName = keyof ReturnType<typeof layerShapes>;
/** Layers with a bias (the skip convolution shares the up-convolution's). */
export const BIASED: readonly LayerName[] = ['enc1a', 'enc1b', 'enc2a', 'enc2b', 'upConv', 'dec', 'head'];

export interface UnetWeights {
  filters: Record<LayerName, tf.Variable<tf.Rank.R4>>;
  biases: Partial<Record<LayerName, tf.Variable<tf.Rank.R1>>>;
  inputs: number;
  classes: number;
}

/** He-uniform filters from a seeded generator, zero biases: the same seed, the same network. */
export function initUnet(inputs: number, classes: number, random: () => number): UnetWeights {
  const shapes = layerShapes(inputs, classes);
  const filters = {} as UnetWeights['filters'];
  const biases: UnetWeights['biases'] = {};
  for (const name of Object.keys(shapes) as LayerName[]) {
    const shape = shapes[name];
    const fanIn = shape[0] * shape[1] * shape[2] * (name === 'upConv' || name === 'skipConv' ? 2 : 1);
    const limit = Math.sqrt(6 / fanIn);
    const values = Float32Array.from(
      { length: shape[0] * shape[1] * shape[2] * shape[3] },
      () => (random() * 2 - 1) * limit,
    );
    filters[name] = tf.variable(tf.tensor4d(values, [...shape]), true, name);
    if (BIASED.includes(name)) biases[name] = tf.variable(tf.zeros([shape[3]]), true, `${name}_b`);
  }
  return { filters, biases, inputs, classes };
}

export function disposeUnet(weights: UnetWeights): void {
  Object.values(weights.filters).forEach((v) => v.dispose());
  Object.values(weights.biases).forEach((v) => v?.dispose());
}

/** Logits [N, H, W, classes] of slices [N, H, W, inputs]; H and W even. */
export function unetForward(weights: UnetWeights, x: tf.Tensor4D): tf.Tensor4D {
  const { filters: f, biases: b } = weights;
  const conv = (input: tf.Tensor4D, name: LayerName) => {
    const out = conv2dSame(input, f[name]);
    const bias = b[name];
    return bias ? (tf.add(out, bias) as tf.Tensor4D) : out;
  };
  const e1 = tf.relu(conv(tf.relu(conv(x, 'enc1a')), 'enc1b'));
  const pooled = tf.maxPool(e1, 2, 2, 'valid');
  const e2 = tf.relu(conv(tf.relu(conv(pooled, 'enc2a')), 'enc2b'));
  const up = tf.image.resizeNearestNeighbor(e2, [x.shape[1], x.shape[2]]);
  const joined = tf.relu(tf.add(conv(up, 'upConv'), conv(e1, 'skipConv')) as tf.Tensor4D);
  const d = tf.relu(conv(joined, 'dec'));
  return conv(d, 'head');
}
