import { execFile, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dcm2niixArgs } from './args';
import { ConversionError, conversionResult, type Converter } from './result';
import { bannerVersion } from './version';

/**
 * A native build skips the files it cannot decode and may still end with code 0 (Debian's lacks
 * JPEG-LS): its output would silently miss them, so such a run counts as failed (and WebAssembly runs).
 */
const UNDECODED = /^Warning: Unsupported transfer syntax.*$/m;

/**
 * The version a native dcm2niix prints (`-v` prints it and ends with code 3), or null when the binary is
 * missing or is not dcm2niix.
 */
export function nativeVersion(binary: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['-v'], { timeout: 10_000 }, (_error, stdout) => {
      resolve(bannerVersion(String(stdout)));
    });
  });
}

/**
 * dcm2niix holds a series' whole volume in memory (1 GB for 2,000 CT slices): glibc's malloc asked for
 * transparent huge pages faults it in 2 MB pages, not 4 KB ones, 2.5x faster here (decision 0073).
 * Ignored where the kernel has them off or glibc is older than 2.35.
 */
const hugePages = (tunables = '') => [tunables, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':');

/** A native dcm2niix binary: the same outputs, faster (DESIGN.md). */
export function nativeConverter(binary: string): Converter {
  return {
    async convert(inputDir, outputDir, options) {
      await mkdir(outputDir, { recursive: true });
      const child = spawn(binary, dcm2niixArgs(inputDir, outputDir), {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GLIBC_TUNABLES: hugePages(process.env.GLIBC_TUNABLES) },
      });
      let log = '';
      child.stdout.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr.on('data', (d: Buffer) => (log += d.toString()));
      const exitCode = await new Promise<number>((resolve) => {
        child.on('error', () => resolve(127));
        child.on('close', (code) => resolve(code ?? 1));
      });
      const undecoded = UNDECODED.exec(log);
      if (undecoded)
        throw new ConversionError(`Native dcm2niix cannot read this series: ${undecoded[0]}`, log);
      return conversionResult('native', outputDir, exitCode, log, options);
    },
    close: async () => undefined,
  };
}
