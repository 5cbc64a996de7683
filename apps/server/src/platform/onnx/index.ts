import { InferenceSession, Tensor } from 'onnxruntime-node';

/**
 * onnxruntime-node behind the one call the runtime makes: a float32 tensor in, the first output out
 * (docs/decisions/0044). The package's own CPU binaries run it; nothing is downloaded.
 */
export interface OnnxSession {
  readonly inputName: string;
  readonly outputName: string;
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
}

export interface OnnxOptions {
  /** Threads of one run; onnxruntime's default (0) takes every core. */
  threads?: number;
}

export async function openOnnxSession(
  model: string | Uint8Array,
  options: OnnxOptions = {},
): Promise<OnnxSession> {
  const sessionOptions: InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: options.threads ?? 0,
  };
  const session =
    typeof model === 'string'
      ? await InferenceSession.create(model, sessionOptions)
      : await InferenceSession.create(model, sessionOptions);
  const [inputName, outputName] = [session.inputNames[0], session.outputNames[0]];
  if (!inputName || !outputName) {
    await session.release();
    throw new Error('The ONNX model has no input or no output.');
  }
  return {
    inputName,
    outputName,
    async run(input, dims) {
      const results = await session.run({ [inputName]: new Tensor('float32', input, dims) });
      const output = results[outputName];
      if (!output || output.type !== 'float32')
        throw new Error('The ONNX model’s first output is not float32.');
      return { data: output.data as Float32Array, dims: output.dims };
    },
    release: () => session.release(),
  };
}
