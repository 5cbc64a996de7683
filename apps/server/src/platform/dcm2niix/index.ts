import { rm } from 'node:fs/promises';
import { nativeConverter, nativeVersion } from './native';
import type { Converter } from './result';
import { wasmConverter } from './wasm';

export { ConversionError, type Conversion, type ConvertOptions, type Converter } from './result';
export { nativeConverter, nativeVersion } from './native';
export { DEFAULT_WASM_LIMITS, wasmConverter, type WasmLimits } from './wasm';

/** `DCM2NIIX_BINARY`'s value that turns the native binary off. */
export const WASM_ONLY = 'wasm';

export interface ConverterLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The native binary (`binary`, or `dcm2niix` on PATH) when it runs, checked once at start; WebAssembly
 * for what it cannot read (Debian's build lacks JPEG-LS), and alone when there is no native binary or
 * `binary` is `wasm` (docs/decisions/0015).
 */
export function createConverter(binary: string | undefined, log: ConverterLog): Converter {
  const wasm = wasmConverter();
  if (binary === WASM_ONLY) {
    log.info('dcm2niix: WebAssembly only (DCM2NIIX_BINARY=wasm)');
    return wasm;
  }
  const candidate = binary ?? 'dcm2niix';
  const native = nativeVersion(candidate).then((version) => {
    if (version) {
      log.info(`dcm2niix: native ${candidate} ${version}, WebAssembly when it fails`);
      return nativeConverter(candidate);
    }
    const message = `dcm2niix: no working native binary at ${candidate}, WebAssembly only`;
    if (binary) log.warn(message);
    else log.info(message);
    return null;
  });
  return {
    async convert(inputDir, outputDir, options) {
      const first = await native;
      if (!first) return wasm.convert(inputDir, outputDir, options);
      return first.convert(inputDir, outputDir, options).catch(async (error: unknown) => {
        log.warn(`dcm2niix: native failed (${(error as Error).message}), converting with WebAssembly`);
        await rm(outputDir, { recursive: true, force: true });
        return wasm.convert(inputDir, outputDir, options);
      });
    },
    close: () => wasm.close(),
  };
}
