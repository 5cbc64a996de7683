/**
 * One conversion in a process of its own, as bench/convert runs the long series: `tsx convert-once.mjs
 * native|wasm <warm-up dir> <input dir> <output dir>`. The warm-up conversion (the WebAssembly module's
 * compile, which production does once per process) is not timed; the run's time goes to stdout as JSON.
 */
import { performance } from 'node:perf_hooks';
import { nativeConverter, wasmConverter } from '../../apps/server/src/platform/dcm2niix/index.ts';

const [mode, warmUp, input, output] = process.argv.slice(2);
const converter = mode === 'native' ? nativeConverter('dcm2niix') : wasmConverter();
try {
  await converter.convert(warmUp, `${output}-warm-up`);
  const start = performance.now();
  const { files } = await converter.convert(input, output);
  console.log(JSON.stringify({ ms: performance.now() - start, files }));
} finally {
  await converter.close();
}
