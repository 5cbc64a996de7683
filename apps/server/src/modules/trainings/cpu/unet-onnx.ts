import { initializer, node, onnxModel, type Field } from '../../../platform/onnx/write';
import { layerShapes, type LayerName, type UnetWeights } from './unet';

/**
 * The trained U-Net as an ONNX model the CPU inference runtime runs unchanged (docs/decisions/0053): the
 * 2D network written with 3D operators whose depth is 1 (kernels [1, k, k]), so it reads the runtime's
 * float32 NCDHW patches (D = slices, H = y, W = x) and answers one logit channel per class.
 */
const OPSET = 13;
const IR_VERSION = 7;

/** A tfjs filter [kh, kw, in, out] as an ONNX Conv weight [out, in, 1, kh, kw]. */
function convWeight(
  values: Float32Array,
  [kh, kw, inputs, outputs]: readonly [number, number, number, number],
): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < inputs; i++)
        for (let o = 0; o < outputs; o++)
          out[((o * inputs + i) * kh + y) * kw + x] = values[((y * kw + x) * inputs + i) * outputs + o] ?? 0;
  return out;
}

export function unetToOnnx(weights: UnetWeights): Uint8Array {
  const shapes = layerShapes(weights.inputs, weights.classes);
  const initializers: Field[] = [];
  const nodes: Field[] = [];
  const conv = (input: string, name: LayerName, output: string) => {
    const shape = shapes[name];
    const [kh, kw, inputs, outputs] = shape;
    const values = weights.filters[name].dataSync() as Float32Array;
    initializers.push(initializer(`${name}.w`, [outputs, inputs, 1, kh, kw], convWeight(values, shape)));
    const bias = weights.biases[name];
    if (bias) initializers.push(initializer(`${name}.b`, [outputs], bias.dataSync() as Float32Array));
    const [py, px] = [(kh - 1) / 2, (kw - 1) / 2];
    nodes.push(
      node('Conv', [input, `${name}.w`, ...(bias ? [`${name}.b`] : [])], output, {
        kernel_shape: [1, kh, kw],
        pads: [0, py, px, 0, py, px],
      }),
    );
  };
  const relu = (input: string, output: string) => nodes.push(node('Relu', [input], output));

  conv('image', 'enc1a', 'enc1a');
  relu('enc1a', 'enc1a.relu');
  conv('enc1a.relu', 'enc1b', 'enc1b');
  relu('enc1b', 'e1');
  nodes.push(node('MaxPool', ['e1'], 'pooled', { kernel_shape: [1, 2, 2], strides: [1, 2, 2] }));
  conv('pooled', 'enc2a', 'enc2a');
  relu('enc2a', 'enc2a.relu');
  conv('enc2a.relu', 'enc2b', 'enc2b');
  relu('enc2b', 'e2');
  // Nearest, half-pixel, round-prefer-floor (Resize's defaults): at scale 2, each voxel twice, as tfjs'.
  initializers.push(initializer('up.scales', [5], new Float32Array([1, 1, 1, 2, 2])));
  nodes.push(node('Resize', ['e2', '', 'up.scales'], 'up'));
  conv('up', 'upConv', 'upConv');
  conv('e1', 'skipConv', 'skipConv');
  nodes.push(node('Add', ['upConv', 'skipConv'], 'joined'));
  relu('joined', 'joined.relu');
  conv('joined.relu', 'dec', 'dec');
  relu('dec', 'dec.relu');
  conv('dec.relu', 'head', 'logits');

  return onnxModel(
    {
      name: 'voxa-cpu-unet',
      nodes,
      initializers,
      input: { name: 'image', channels: weights.inputs },
      output: { name: 'logits', channels: weights.classes },
    },
    { irVersion: IR_VERSION, opset: OPSET, producer: 'voxa-cpu-training' },
  );
}
