import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { ConversionError, DEFAULT_WASM_LIMITS, createConverter, nativeVersion, wasmConverter } from './index';

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
    'uses the native binary found on PATH, WebAssembly when told or when the binary is missing',
    SLOW,
    async () => {
      const cases = [
        [undefined, 'native'],
        ['wasm', 'wasm'],
        [path.join(work, 'no-such-binary'), 'wasm'],
      ] as const;
      for (const [binary, expected] of cases) {
        const converter = createConverter(binary, log);
        try {
          const result = await converter.convert(
            smallSeries,
            path.join(work, 'choice', expected, String(binary)),
          );
          expect(result.converter, String(binary)).toBe(expected);
        } finally {
          await converter.close();
        }
      }
      expect(warnings).toEqual([
        `dcm2niix: no working native binary at ${path.join(work, 'no-such-binary')}, WebAssembly only`,
      ]);
    },
  );

  it(
    'falls back to WebAssembly for what the native build cannot read (JPEG-LS in Debian)',
    SLOW,
    async () => {
      const converter = createConverter(undefined, log);
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
