import { rm } from 'node:fs/promises';
import { nativeConverter, nativeVersion } from './native';
import type { Converter } from './result';
import { chooseNative } from './version';
import { wasmConverter } from './wasm';

export { ConversionError, type Conversion, type ConvertOptions, type Converter } from './result';
export { nativeConverter, nativeVersion } from './native';
export { DEFAULT_WASM_LIMITS, wasmConverter, type WasmLimits } from './wasm';
export { BUNDLED_VERSION, chooseNative, compareVersions, type ConverterBuild } from './version';

/** `DCM2NIIX_BINARY`'s value that turns the native binary off. */
export const WASM_ONLY = 'wasm';

export interface ConverterLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ConverterOptions {
  /** Use the native binary even when it is older than the bundled build (DCM2NIIX_FORCE_NATIVE). */
  forceNative?: boolean;
}

/**
 * The native binary (`binary`, or `dcm2niix` on PATH) when it runs and is at least as new as the bundled
 * WebAssembly build (or is forced), checked once at start; WebAssembly for what it cannot read (Debian's
 * build lacks JPEG-LS), and alone otherwise or when `binary` is `wasm` (decisions 0015, 0027, 0087).
 */
export function createConverter(
  binary: string | undefined,
  log: ConverterLog,
  options: ConverterOptions = {},
): Converter {
  const wasm = wasmConverter();
  if (binary === WASM_ONLY) {
    log.info('dcm2niix: WebAssembly only (DCM2NIIX_BINARY=wasm)');
    return wasm;
  }
  const candidate = binary ?? 'dcm2niix';
  const native = nativeVersion(candidate).then((version) => {
    if (version) {
      const choice = chooseNative(candidate, version, options.forceNative ?? false, binary !== undefined);
      log[choice.level](choice.message);
      return choice.build === 'native' ? nativeConverter(candidate) : null;
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
