import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import {
  BUNDLED_VERSION,
  ConversionError,
  DEFAULT_WASM_LIMITS,
  createConverter,
  nativeVersion,
  wasmConverter,
} from './index';
import { compareVersions } from './version';

const MiB = 1024 * 1024;
/** Each test compiles the module once (seconds, more on a loaded machine). */
const SLOW = { timeout: 120_000 };
const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-dcm2niix-limits-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** 28 CT slices of 512 x 512: more than a 48 MiB heap holds. */
const ctSeries = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE');
/** 2 small mosaic files: well inside it. */
const smallSeries = path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih/20180918Si/mr_0003');

describe('dcm2niix WebAssembly memory', () => {
  it(
    'fails only the series that outgrows the heap cap, and converts the next in a fresh worker',
    SLOW,
    async () => {
      const converter = wasmConverter({ ...DEFAULT_WASM_LIMITS, maxHeapBytes: 48 * MiB });
      try {
        const failed = converter.convert(ctSeries, path.join(work, 'ct'));
        await expect(failed).rejects.toBeInstanceOf(ConversionError);
        await expect(failed).rejects.toThrow(
          'dcm2niix ran out of memory on this series (WebAssembly limit 48 MiB)',
        );
        const next = await converter.convert(smallSeries, path.join(work, 'small'));
        expect(next.files).toEqual(['series.json', 'series.nii']);
      } finally {
        await converter.close();
      }
    },
  );

  it('gives the same outputs from a worker replaced after every run', SLOW, async () => {
    const converter = wasmConverter({ ...DEFAULT_WASM_LIMITS, recycleAboveBytes: 0 });
    try {
      for (const round of ['1', '2']) {
        const { files, converter: used } = await converter.convert(
          ctSeries,
          path.join(work, 'recycled', round),
        );
        expect(files).toContain('series.nii');
        expect(used).toBe('wasm');
      }
    } finally {
      await converter.close();
    }
  });
});

describe('choosing the converter', () => {
  const log = { info: () => undefined, warn: (message: string) => warnings.push(message) };
  const warnings: string[] = [];

  it('reads the version of a native dcm2niix, and null for anything else', async () => {
    expect(await nativeVersion('dcm2niix')).toMatch(/^v1\.\d/);
    expect(await nativeVersion(path.join(work, 'no-such-binary'))).toBeNull();
    expect(await nativeVersion('true')).toBeNull();
  });

  it(
    'uses the native binary on PATH only when as new as the bundled build, an older one when forced',
    SLOW,
    async () => {
      const native = await nativeVersion('dcm2niix');
      // Debian's v1.0.20220720 here: older than the bundled build, so set aside unless forced.
      const newEnough = native !== null && (compareVersions(native, BUNDLED_VERSION) ?? -1) >= 0;
      const cases = [
        [undefined, false, newEnough ? 'native' : 'wasm'],
        [undefined, true, native ? 'native' : 'wasm'],
        ['wasm', true, 'wasm'],
        [path.join(work, 'no-such-binary'), false, 'wasm'],
      ] as const;
      for (const [binary, forceNative, expected] of cases) {
        const converter = createConverter(binary, log, { forceNative });
        try {
          const result = await converter.convert(
            smallSeries,
            path.join(work, 'choice', expected, String(binary), String(forceNative)),
          );
          expect(result.converter, `${binary} forced ${forceNative}`).toBe(expected);
          expect(result.version).toBe(expected === 'wasm' ? BUNDLED_VERSION : native);
        } finally {
          await converter.close();
        }
      }
      expect(warnings).toEqual([
        ...(native && !newEnough
          ? [
              `dcm2niix: native dcm2niix ${native} is older than the bundled WebAssembly ${BUNDLED_VERSION}, used as DCM2NIIX_FORCE_NATIVE=on says; its outputs may differ`,
            ]
          : []),
        `dcm2niix: no working native binary at ${path.join(work, 'no-such-binary')}, WebAssembly only`,
      ]);
    },
  );

  it(
    'falls back to WebAssembly for what the native build cannot read (JPEG-LS in Debian)',
    SLOW,
    async () => {
      // Forced: Debian's build is older than the bundled one and would otherwise not run at all.
      const converter = createConverter(undefined, log, { forceNative: true });
      try {
        const result = await converter.convert(
          path.join(TESTDATA_DIR, 'dicom/dcm_qa_ts'),
          path.join(work, 'ts'),
        );
        expect(result.files.filter((f) => f.endsWith('.nii'))).toHaveLength(9);
      } finally {
        await converter.close();
      }
    },
  );
});
