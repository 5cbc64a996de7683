/**
 * Writes ONNX models (docs/decisions/0043, 0044, 0053): a hand-written protobuf encoder for the few
 * ModelProto fields a graph of float32 operators needs (onnx.proto3 field numbers), so a network trained
 * here, or a test's network, becomes a file onnxruntime runs, with no Python and no download.
 */
import { concatBytes } from '@voxa/imaging';

export type Field = Uint8Array;

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

/** Wire type 0: int32, int64, enum. */
const int = (field: number, value: number): Field =>
  new Uint8Array([...varint(field << 3), ...varint(value)]);
/** Wire type 2: bytes, strings and embedded messages. */
const bytes = (field: number, value: Uint8Array): Field =>
  concatBytes([new Uint8Array([...varint((field << 3) | 2), ...varint(value.byteLength)]), value]);
const str = (field: number, value: string): Field => bytes(field, text.encode(value));
const message = (field: number, ...fields: Field[]): Field => bytes(field, concatBytes(fields));

const FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/** TensorProto: a float32 initializer (GraphProto field 5). */
export function initializer(name: string, dims: readonly number[], values: Float32Array): Field {
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return message(5, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, raw));
}

/** A node attribute: an int, or a list of ints. */
export type Attributes = Readonly<Record<string, number | readonly number[]>>;

function attribute(name: string, value: number | readonly number[]): Field {
  return typeof value === 'number'
    ? message(5, str(1, name), int(3, value), int(20, ATTRIBUTE_INT))
    : message(5, str(1, name), ...value.map((v) => int(8, v)), int(20, ATTRIBUTE_INTS));
}

/** NodeProto (GraphProto field 1): `op` of `inputs` into `output`, named after its output. */
export function node(
  op: string,
  inputs: readonly string[],
  output: string,
  attributes: Attributes = {},
): Field {
  return message(
    1,
    ...inputs.map((i) => str(1, i)),
    str(2, output),
    str(3, output),
    str(4, op),
    ...Object.entries(attributes).map(([name, value]) => attribute(name, value)),
  );
}

/** ValueInfoProto of a float32 NCDHW tensor with `channels` channels and free spatial sizes. */
function volumeInfo(field: number, name: string, channels: number): Field {
  const dim = (value: number | string) =>
    typeof value === 'number' ? message(1, int(1, value)) : message(1, str(2, value));
  const shape = message(2, ...[1, channels, 'D', 'H', 'W'].map(dim));
  return message(field, str(1, name), message(2, message(1, int(1, FLOAT), shape)));
}

export interface VolumeGraph {
  name: string;
  nodes: readonly Field[];
  initializers: readonly Field[];
  /** The input tensor, float32 [1, channels, D, H, W]. */
  input: { name: string; channels: number };
  /** The output tensor, float32 [1, channels, D, H, W]. */
  output: { name: string; channels: number };
}

export interface ModelHeader {
  irVersion: number;
  opset: number;
  producer: string;
}

/** ModelProto: one graph from volumes to volumes, the default ONNX domain at `opset`. */
export function onnxModel(graph: VolumeGraph, { irVersion, opset, producer }: ModelHeader): Uint8Array {
  const body = message(
    7,
    ...graph.nodes,
    str(2, graph.name),
    ...graph.initializers,
    volumeInfo(11, graph.input.name, graph.input.channels),
    volumeInfo(12, graph.output.name, graph.output.channels),
  );
  return concatBytes([int(1, irVersion), str(2, producer), body, message(8, str(1, ''), int(2, opset))]);
}
