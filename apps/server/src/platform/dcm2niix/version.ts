/**
 * dcm2niix's version decides its output (Debian's v1.0.20220720 writes another SliceTiming than the bundled
 * WebAssembly build and dcm2niix's own references): a native binary converts only when it is at least as
 * new as the bundled build, or when configuration forces it (docs/decisions/0087).
 */

/** The version of the bundled WebAssembly build (@niivue/dcm2niix); its corpus test checks the banner. */
export const BUNDLED_VERSION = 'v1.0.20241231';

/** Which build a conversion ran with: the native binary or the bundled WebAssembly one. */
export type ConverterBuild = 'native' | 'wasm';

/** The version in dcm2niix's banner (`Chris Rorden's dcm2niiX version v1.0.20241231 …`), or null. */
export function bannerVersion(log: string): string | null {
  return /dcm2niiX version (v[\w.-]+)/i.exec(log)?.[1] ?? null;
}

/** `v1.0.20241231a` as numbers and a suffix; null for what is not a dcm2niix version. */
function parts(version: string): { numbers: number[]; suffix: string } | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)([a-z]*)/i.exec(version);
  if (!match) return null;
  return { numbers: [match[1], match[2], match[3]].map(Number), suffix: (match[4] ?? '').toLowerCase() };
}

/**
 * Orders two dcm2niix versions: negative when `a` is older, 0 when the same, positive when newer; null
 * when either cannot be read. A letter after the date is a later release of that day (`20240202a`).
 */
export function compareVersions(a: string, b: string): number | null {
  const [x, y] = [parts(a), parts(b)];
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) {
    const difference = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return x.suffix === y.suffix ? 0 : x.suffix < y.suffix ? -1 : 1;
}

export interface NativeChoice {
  build: ConverterBuild;
  /** What is logged at start, and at which level (a forced older build, or a named one set aside, warn). */
  level: 'info' | 'warn';
  message: string;
}

/**
 * Whether a native binary that answered `version` converts: when at least as new as the bundled build,
 * or when `force` says so. `named`: the binary was configured (not merely found on PATH).
 */
export function chooseNative(binary: string, version: string, force: boolean, named: boolean): NativeChoice {
  const order = compareVersions(version, BUNDLED_VERSION);
  const native = `native ${binary} ${version}`;
  if (order !== null && order >= 0)
    return { build: 'native', level: 'info', message: `dcm2niix: ${native}, WebAssembly when it fails` };
  const older = `${native} is older than the bundled WebAssembly ${BUNDLED_VERSION}`;
  if (force)
    return {
      build: 'native',
      level: 'warn',
      message: `dcm2niix: ${older}, used as DCM2NIIX_FORCE_NATIVE=on says; its outputs may differ`,
    };
  return {
    build: 'wasm',
    level: named ? 'warn' : 'info',
    message: `dcm2niix: ${older}, WebAssembly only (DCM2NIIX_FORCE_NATIVE=on uses it)`,
  };
}
