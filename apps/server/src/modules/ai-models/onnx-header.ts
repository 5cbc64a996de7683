import type { OnnxTensor } from '@voxa/contracts';
import type { OnnxHeader } from '../../platform/db/schema';

/**
 * Reads what the registry needs from an ONNX file (a protobuf ModelProto, onnx/onnx.proto3) without a
 * protobuf library or a runtime: IR version, the default domain's opset, producer, and the graph's real
 * inputs (initializers left out) and outputs with their shapes. Large fields (weights) are skipped, not
 * copied. Anything that is not a well-formed ModelProto with a graph throws OnnxFormatError.
 */
export class OnnxFormatError extends Error {}

interface Field {
  number: number;
  wire: number;
  /** A varint's value (wire type 0). */
  int: number;
  /** A length-delimited field's bytes (wire type 2). */
  bytes: Uint8Array;
}

/** The fields of one protobuf message, in order. */
function* fields(buf: Uint8Array): Generator<Field> {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= buf.length) throw new OnnxFormatError('truncated varint');
      const byte = buf[pos++] ?? 0;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
    throw new OnnxFormatError('varint too long');
  };
  while (pos < buf.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    const wire = key % 8;
    if (number === 0) throw new OnnxFormatError('field number 0');
    let int = 0;
    let bytes = EMPTY;
    if (wire === 0) int = varint();
    else if (wire === 1 || wire === 5) pos += wire === 1 ? 8 : 4;
    else if (wire === 2) {
      const length = varint();
      if (pos + length > buf.length) throw new OnnxFormatError('truncated field');
      bytes = buf.subarray(pos, pos + length);
      pos += length;
    } else throw new OnnxFormatError(`wire type ${wire}`);
    if (pos > buf.length) throw new OnnxFormatError('truncated field');
    yield { number, wire, int, bytes };
  }
}

const EMPTY: Uint8Array = new Uint8Array(0);
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);

/** ModelProto field numbers. */
const MODEL = { irVersion: 1, producer: 2, graph: 7, opsetImport: 8 };
/** GraphProto field numbers. */
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12 };
/** TensorProto: name, and where its data lives (1 = an external file beside the model). */
const TENSOR = { name: 8, dataLocation: 14 };

export function readOnnxHeader(buf: Uint8Array): OnnxHeader {
  let irVersion = 0;
  let producer = '';
  let opset = 0;
  let graph: Uint8Array | null = null;
  for (const f of fields(buf)) {
    if (f.number === MODEL.irVersion && f.wire === 0) irVersion = f.int;
    else if (f.number === MODEL.producer && f.wire === 2) producer = text(f.bytes);
    else if (f.number === MODEL.graph && f.wire === 2) graph = f.bytes;
    else if (f.number === MODEL.opsetImport && f.wire === 2) {
      const { domain, version } = opsetOf(f.bytes);
      if (domain === '' || domain === 'ai.onnx') opset = version;
    }
  }
  if (irVersion < 3) throw new OnnxFormatError('no IR version of 3 or more');
  if (opset < 1) throw new OnnxFormatError('no opset of the default domain');
  if (!graph) throw new OnnxFormatError('no graph');
  return { ir_version: irVersion, opset, producer, ...graphTensors(graph) };
}

function opsetOf(bytes: Uint8Array): { domain: string; version: number } {
  let domain = '';
  let version = 0;
  for (const f of fields(bytes)) {
    if (f.number === 1 && f.wire === 2) domain = text(f.bytes);
    else if (f.number === 2 && f.wire === 0) version = f.int;
  }
  return { domain, version };
}

function graphTensors(graph: Uint8Array): Pick<OnnxHeader, 'inputs' | 'outputs'> {
  let nodes = 0;
  const initializers = new Set<string>();
  const inputs: OnnxTensor[] = [];
  const outputs: OnnxTensor[] = [];
  for (const f of fields(graph)) {
    if (f.wire !== 2) continue;
    if (f.number === GRAPH.node) nodes++;
    else if (f.number === GRAPH.initializer) initializers.add(initializerName(f.bytes));
    else if (f.number === GRAPH.input) inputs.push(valueInfo(f.bytes));
    else if (f.number === GRAPH.output) outputs.push(valueInfo(f.bytes));
  }
  const real = inputs.filter((i) => !initializers.has(i.name));
  if (nodes === 0) throw new OnnxFormatError('a graph without nodes');
  if (real.length === 0 || outputs.length === 0)
    throw new OnnxFormatError('a graph without inputs or outputs');
  return { inputs: real, outputs };
}

/** An initializer's name; weights kept in a file beside the model cannot travel with one upload. */
function initializerName(bytes: Uint8Array): string {
  let name = '';
  for (const f of fields(bytes)) {
    if (f.number === TENSOR.name && f.wire === 2) name = text(f.bytes);
    else if (f.number === TENSOR.dataLocation && f.wire === 0 && f.int === 1)
      throw new ExternalDataError('weights in external data files');
  }
  return name;
}

/** Weights stored outside the .onnx file: a real model, but one the registry cannot hold in one file. */
export class ExternalDataError extends OnnxFormatError {}

/** ValueInfoProto -> name and, for a tensor type with a shape, its dimensions. */
function valueInfo(bytes: Uint8Array): OnnxTensor {
  let name = '';
  let shape: OnnxTensor['shape'] = null;
  for (const f of fields(bytes)) {
    if (f.number === 1 && f.wire === 2) name = text(f.bytes);
    else if (f.number === 2 && f.wire === 2) shape = tensorShape(f.bytes);
  }
  return { name, shape };
}

/** TypeProto.tensor_type (1) -> Tensor.shape (2) -> TensorShapeProto.dim (1): dim_value (1) or dim_param (2). */
function tensorShape(typeProto: Uint8Array): OnnxTensor['shape'] {
  const tensor = only(typeProto, 1);
  const shape = tensor && only(tensor, 2);
  if (!shape) return null;
  const dims: (number | string)[] = [];
  for (const f of fields(shape)) {
    if (f.number !== 1 || f.wire !== 2) continue;
    let dim: number | string = '?';
    for (const d of fields(f.bytes)) {
      if (d.number === 1 && d.wire === 0) dim = d.int;
      else if (d.number === 2 && d.wire === 2) dim = text(d.bytes) || '?';
    }
    dims.push(dim);
  }
  return dims;
}

function only(bytes: Uint8Array, number: number): Uint8Array | null {
  for (const f of fields(bytes)) if (f.number === number && f.wire === 2) return f.bytes;
  return null;
}
