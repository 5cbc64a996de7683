import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { createDcm2niixConverter, type Dcm2niixFactory } from './dcm2niix';

/** The package exports only its browser wrapper; Node loads the Emscripten module file itself. */
const modulePath = path.resolve(
  import.meta.dirname,
  '../../../../node_modules/@niivue/dcm2niix/dist/dcm2niix.jpeg.js',
);

async function loadFactory(): Promise<Dcm2niixFactory> {
  const loaded = (await import(/* @vite-ignore */ pathToFileURL(modulePath).href)) as {
    default: Dcm2niixFactory;
  };
  return loaded.default;
}

/** Voxel bytes of a dcm2niix .nii (after its 352-byte header and extension pad). */
const voxels = (nii: Uint8Array) => nii.subarray(352);

describe('dcm2niix WASM in Node', () => {
  it('converts the JPEG 2000 and JPEG-LS series like the reference, with one reused instance', async () => {
    const converter = createDcm2niixConverter(await loadFactory());
    const reference = voxels(readTestFile('reference/dcm_qa_ts/1.nii'));
    for (const file of ['9.dcm', '7.dcm', '8.dcm']) {
      const result = await converter.convert([
        { name: file, bytes: readTestFile(`dicom/dcm_qa_ts/${file}`) },
      ]);
      if (!result.ok) throw new Error(`${file}: ${result.error}\n${result.log.join('\n')}`);
      expect(Buffer.from(voxels(result.nifti)).equals(Buffer.from(reference)), file).toBe(true);
    }
  }, 30_000);
});
