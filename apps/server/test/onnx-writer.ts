/**
 * Writes a small real ONNX model (a protobuf ModelProto, onnx/onnx.proto3) for tests: one 1x1x1 3D
 * convolution from `channels` input channels to `classes` output channels (background included), with
 * the given weights, opset 17. Input `image` [1, channels, x, y, z], output `logits` [1, classes, x, y, z].
 */
export interface OnnxConvOptions {
  channels: number;
  classes: number;
  /** classes x channels weights, row by row; 0.1 * (class + 1) each when absent. */
  weights?: number[];
  producer?: string;
}

export function onnxConvModel({
  channels,
  classes,
  weights,
  producer = 'voxa-tests',
}: OnnxConvOptions): Uint8Array {
  const w =
    weights ?? Array.from({ length: classes * channels }, (_, i) => 0.1 * (Math.floor(i / channels) + 1));
  const node = message([
    str(1, 'image'),
    str(1, 'W'),
    str(1, 'B'),
    str(2, 'logits'),
    str(3, 'conv'),
    str(4, 'Conv'),
    bytes(5, message([str(1, 'kernel_shape'), ...[1, 1, 1].map((k) => int(8, k)), int(20, 7)])),
  ]);
  const graph = message([
    bytes(1, node),
    str(2, 'voxa-test-graph'),
    bytes(5, tensor('W', [classes, channels, 1, 1, 1], w)),
    bytes(5, tensor('B', [classes], new Array<number>(classes).fill(0))),
    bytes(11, valueInfo('image', [1, channels, 'x', 'y', 'z'])),
    bytes(12, valueInfo('logits', [1, classes, 'x', 'y', 'z'])),
  ]);
  return message([int(1, 8), str(2, producer), bytes(7, graph), bytes(8, message([str(1, ''), int(2, 17)]))]);
}

/** A float tensor initializer with its values as raw little-endian bytes. */
function tensor(name: string, dims: number[], values: number[]): Uint8Array {
  const raw = new Uint8Array(new Float32Array(values).buffer);
  return message([...dims.map((d) => int(1, d)), int(2, 1), str(8, name), bytes(9, raw)]);
}

/** A float tensor's ValueInfoProto: numbers are fixed dimensions, strings symbolic ones. */
function valueInfo(name: string, shape: (number | string)[]): Uint8Array {
  const dims = shape.map((d) => bytes(1, message([typeof d === 'number' ? int(1, d) : str(2, d)])));
  const tensorType = message([int(1, 1), bytes(2, message(dims))]);
  return message([str(1, name), bytes(2, message([bytes(1, tensorType)]))]);
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

const int = (field: number, value: number) => new Uint8Array([...varint(field * 8), ...varint(value)]);
const bytes = (field: number, data: Uint8Array) =>
  message([new Uint8Array([...varint(field * 8 + 2), ...varint(data.length)]), data]);
const str = (field: number, value: string) => bytes(field, new TextEncoder().encode(value));

function message(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
