/**
 * One onnxruntime-node session in a worker thread (docs/decisions/0044): `run` holds the thread that
 * calls it, so here it holds this one and the caller's event loop stays free. Plain JavaScript, so the
 * worker needs no TypeScript loader. Messages: in { id, input, dims }, out { id, data, dims } or
 * { id, error }; first { ready, inputName, outputName } or { error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';

const { model, threads } = workerData;
try {
  const session = await ort.InferenceSession.create(model, {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
  });
  const [inputName, outputName] = [session.inputNames[0], session.outputNames[0]];
  if (!inputName || !outputName) throw new Error('The ONNX model has no input or no output.');
  parentPort.on('message', async ({ id, input, dims }) => {
    try {
      const results = await session.run({ [inputName]: new ort.Tensor('float32', input, dims) });
      const output = results[outputName];
      if (!output || output.type !== 'float32')
        throw new Error('The ONNX model’s first output is not float32.');
      const data = output.data;
      parentPort.postMessage({ id, data, dims: output.dims }, [data.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  parentPort.postMessage({ ready: true, inputName, outputName });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
