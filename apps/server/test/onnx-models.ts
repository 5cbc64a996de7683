import { initializer, node, onnxModel, type Field } from '../src/platform/onnx/write';

/**
 * Real ONNX models built in the tests (docs/decisions/0043, 0044), written with the server's own ONNX
 * writer (platform/onnx/write.ts), so no Python and no download.
 */

/** A 3x3x3 Conv with same padding. */
const conv3 = (inputs: readonly string[], output: string): Field =>
  node('Conv', inputs, output, { kernel_shape: [3, 3, 3], pads: [1, 1, 1, 1, 1, 1] });

export interface BodyModelOptions {
  /** HU (in the model's normalised units) above which a voxel is body. */
  threshold: number;
  /** 0: one Conv. Else a first Conv into this many channels, then a second Conv: the same answer, more work. */
  hidden?: number;
}

const KERNEL = 27;
const CENTRE = 13;

/**
 * Body vs air: channel 1 = mean3x3x3(x) - threshold, channel 0 = threshold - mean3x3x3(x), as a graph of
 * 3D convolutions (opset 13). Input `image` [1, 1, D, H, W], output `logits` [1, 2, D, H, W].
 */
export function bodyModel({ threshold, hidden = 0 }: BodyModelOptions): Uint8Array {
  const nodes: Field[] = [];
  const weights: Field[] = [];
  if (hidden === 0) {
    const w = new Float32Array(2 * KERNEL);
    w.fill(-1 / KERNEL, 0, KERNEL).fill(1 / KERNEL, KERNEL);
    weights.push(
      initializer('w', [2, 1, 3, 3, 3], w),
      initializer('b', [2], new Float32Array([threshold, -threshold])),
    );
    nodes.push(conv3(['image', 'w', 'b'], 'logits'));
  } else {
    weights.push(
      initializer('w1', [hidden, 1, 3, 3, 3], new Float32Array(hidden * KERNEL).fill(1 / KERNEL)),
      initializer('b1', [hidden], new Float32Array(hidden)),
    );
    // The second Conv averages the hidden channels at the centre tap only.
    const w2 = new Float32Array(2 * hidden * KERNEL);
    for (let c = 0; c < hidden; c++) {
      w2[c * KERNEL + CENTRE] = -1 / hidden;
      w2[(hidden + c) * KERNEL + CENTRE] = 1 / hidden;
    }
    weights.push(
      initializer('w2', [2, hidden, 3, 3, 3], w2),
      initializer('b2', [2], new Float32Array([threshold, -threshold])),
    );
    nodes.push(conv3(['image', 'w1', 'b1'], 'hidden'), conv3(['hidden', 'w2', 'b2'], 'logits'));
  }
  return onnxModel(
    {
      name: 'body',
      nodes,
      initializers: weights,
      input: { name: 'image', channels: 1 },
      output: { name: 'logits', channels: 2 },
    },
    { irVersion: 7, opset: 13, producer: 'voxa-tests' },
  );
}

export interface OnnxConvOptions {
  channels: number;
  classes: number;
  /** classes x channels weights, row by row; 0.1 * (class + 1) each when absent. */
  weights?: number[];
  producer?: string;
}

/**
 * One 1x1x1 3D convolution from `channels` input channels to `classes` output channels (background
 * included), opset 17: input `image` [1, channels, D, H, W], output `logits` [1, classes, D, H, W]. The
 * registry's checks read its header.
 */
export function onnxConvModel({
  channels,
  classes,
  weights,
  producer = 'voxa-tests',
}: OnnxConvOptions): Uint8Array {
  const w =
    weights ?? Array.from({ length: classes * channels }, (_, i) => 0.1 * (Math.floor(i / channels) + 1));
  return onnxModel(
    {
      name: 'voxa-test-graph',
      nodes: [node('Conv', ['image', 'W', 'B'], 'logits', { kernel_shape: [1, 1, 1] })],
      initializers: [
        initializer('W', [classes, channels, 1, 1, 1], new Float32Array(w)),
        initializer('B', [classes], new Float32Array(classes)),
      ],
      input: { name: 'image', channels },
      output: { name: 'logits', channels: classes },
    },
    { irVersion: 8, opset: 17, producer },
  );
}
