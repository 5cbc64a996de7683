import { describe, expect, it } from 'vitest';
import { onnxConvModel } from '../../../test/onnx-models';
import { OnnxFormatError, readOnnxHeader } from './onnx-header';

describe('readOnnxHeader', () => {
  it('reads IR version, opset, producer and the graph’s real inputs and outputs', () => {
    const header = readOnnxHeader(onnxConvModel({ channels: 1, classes: 3, producer: 'pytorch' }));
    expect(header).toEqual({
      ir_version: 8,
      opset: 17,
      producer: 'pytorch',
      // The weights W and B are initializers, not inputs a worker feeds.
      inputs: [{ name: 'image', shape: [1, 1, 'D', 'H', 'W'] }],
      outputs: [{ name: 'logits', shape: [1, 3, 'D', 'H', 'W'] }],
    });
  });

  it('refuses bytes that are not a ModelProto with a graph', () => {
    const notOnnx = [
      new TextEncoder().encode('{"model": "not protobuf"}'),
      new Uint8Array(0),
      onnxConvModel({ channels: 1, classes: 2 }).subarray(0, 40),
      new Uint8Array([0x08, 0x08]),
    ];
    for (const bytes of notOnnx) expect(() => readOnnxHeader(bytes)).toThrow(OnnxFormatError);
  });
});
