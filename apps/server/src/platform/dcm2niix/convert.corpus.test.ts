import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { readVolume, sameVolume, type Volume } from '../../../test/nifti-volume';
import { ConversionError, createConverter, nativeVersion, wasmConverter, type Converter } from './index';

/**
 * Conversion fidelity of both runners: every reference NIfTI of the corpus is reproduced by the
 * conversion of some series folder of its dataset, with the same dimensions, data type, voxels (exact)
 * and orientation (sform and qform within 1e-4), and each volume comes with its JSON sidecar. File names
 * and JSON keys depend on the dcm2niix version and are not compared (DESIGN.md). The native runner is
 * tested as the server runs it when forced (`dcm2niix` on PATH, WebAssembly for what it cannot read)
 * wherever it is installed, so a native build that converts differently fails here instead of silently in production.
 */

const quiet = { info: () => undefined, warn: () => undefined };
const runners: [string, Converter][] = [['WebAssembly', wasmConverter()]];
// Forced: a native build older than the bundled one is not used by default, but may be configured.
if (await nativeVersion('dcm2niix'))
  runners.push(['native', createConverter(undefined, quiet, { forceNative: true })]);
const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-dcm2niix-'));
afterAll(async () => {
  for (const [, converter] of runners) await converter.close();
  await rm(work, { recursive: true, force: true });
});

/** Folders holding files directly: one conversion input each, as the upload gives one series folder. */
async function leafFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const below = await Promise.all(
    entries.filter((e) => e.isDirectory()).map((e) => leafFolders(path.join(dir, e.name))),
  );
  return [...(entries.some((e) => e.isFile()) ? [dir] : []), ...below.flat()];
}

const datasets = (await readdir(path.join(TESTDATA_DIR, 'reference'))).sort();

describe.each(runners)('dcm2niix %s on the corpus', (runner, converter) => {
  for (const dataset of datasets) {
    it(`reproduces every reference NIfTI of ${dataset}`, { timeout: 300_000 }, async () => {
      const referenceDir = path.join(TESTDATA_DIR, 'reference', dataset);
      const references = (await readdir(referenceDir)).filter((f) => f.endsWith('.nii'));
      if (references.length === 0) return; // dcm_qa_ct publishes JSON only.
      const outputs: Volume[] = [];
      for (const [index, folder] of (
        await leafFolders(path.join(TESTDATA_DIR, 'dicom', dataset))
      ).entries()) {
        const out = path.join(work, runner, dataset, String(index));
        try {
          const { files } = await converter.convert(folder, out);
          for (const f of files.filter((f) => f.endsWith('.nii'))) {
            expect(files, `${folder}: sidecar of ${f}`).toContain(f.replace(/\.nii$/, '.json'));
            outputs.push(await readVolume(path.join(out, f)));
          }
        } catch (error) {
          // Folders without images (protocol documents) give no NIfTI; anything else is a failure.
          if (!(error instanceof ConversionError && /no NIfTI/.test(error.message))) throw error;
        }
      }
      for (const name of references) {
        const reference = await readVolume(path.join(referenceDir, name));
        expect(
          outputs.some((o) => sameVolume(o, reference)),
          `${dataset}/${name}`,
        ).toBe(true);
      }
    });
  }

  it('reports a folder without DICOM as a conversion error, not a crash', async () => {
    const empty = await mkdtemp(path.join(work, 'empty-'));
    await expect(converter.convert(empty, path.join(work, runner, 'empty-out'))).rejects.toBeInstanceOf(
      ConversionError,
    );
    expect((await stat(empty)).isDirectory()).toBe(true);
  });
});
