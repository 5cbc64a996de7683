/**
 * Real ONNX models built in the tests (docs/decisions/0043, 0044): a hand-written protobuf encoder for the
 * few ModelProto fields a graph of Conv nodes needs (onnx.proto3 field numbers), so no Python and no
 * download.
 */
type Field = Uint8Array;

const text = new TextEncoder();

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = BigInt.asUintN(64, BigInt(value));
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest ? low | 0x80 : low);
  } while (rest);
  return bytes;
}

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
};

/** Wire type 0: int32, int64, enum. */
const int = (field: number, value: number): Field =>
  new Uint8Array([...varint(field << 3), ...varint(value)]);
/** Wire type 2: bytes, strings and embedded messages. */
const bytes = (field: number, value: Uint8Array): Field =>
  concat([new Uint8Array([...varint((field << 3) | 2), ...varint(value.byteLength)]), value]);
const str = (field: number, value: string): Field => bytes(field, text.encode(value));
const message = (field: number, ...fields: Field[]): Field => bytes(field, concat(fields));

const FLOAT = 1;
const ATTRIBUTE_INTS = 7;

/** TensorProto: a float32 initializer. */
function initializer(name: string, dims: readonly number[], values: Float32Array): Field {
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return message(5, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, raw));
}

/** AttributeProto of type INTS. */
const intsAttribute = (name: string, values: readonly number[]): Field =>
  message(5, str(1, name), ...values.map((v) => int(8, v)), int(20, ATTRIBUTE_INTS));

/** A 3x3x3 Conv with same padding. */
function conv3(inputs: readonly string[], output: string): Field {
  return message(
    1,
    ...inputs.map((i) => str(1, i)),
    str(2, output),
    str(3, output),
    str(4, 'Conv'),
    intsAttribute('kernel_shape', [3, 3, 3]),
    intsAttribute('pads', [1, 1, 1, 1, 1, 1]),
  );
}

/** ValueInfoProto of a float32 NCDHW tensor with `channels` channels and free spatial sizes. */
function volumeInfo(field: number, name: string, channels: number): Field {
  const dim = (value: number | string) =>
    typeof value === 'number' ? message(1, int(1, value)) : message(1, str(2, value));
  const shape = message(2, ...[1, channels, 'D', 'H', 'W'].map(dim));
  return message(field, str(1, name), message(2, message(1, int(1, FLOAT), shape)));
}

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
  const graph = message(
    7,
    ...nodes,
    str(2, 'body'),
    ...weights,
    volumeInfo(11, 'image', 1),
    volumeInfo(12, 'logits', 2),
  );
  const opset = message(8, str(1, ''), int(2, 13));
  return concat([int(1, 7), str(2, 'voxa-tests'), graph, opset]);
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
  const node = message(
    1,
    ...['image', 'W', 'B'].map((i) => str(1, i)),
    str(2, 'logits'),
    str(3, 'conv'),
    str(4, 'Conv'),
    intsAttribute('kernel_shape', [1, 1, 1]),
  );
  const graph = message(
    7,
    node,
    str(2, 'voxa-test-graph'),
    initializer('W', [classes, channels, 1, 1, 1], new Float32Array(w)),
    initializer('B', [classes], new Float32Array(classes)),
    volumeInfo(11, 'image', channels),
    volumeInfo(12, 'logits', classes),
  );
  return concat([int(1, 8), str(2, producer), graph, message(8, str(1, ''), int(2, 17))]);
}
