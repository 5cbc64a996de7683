import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { niftiDisplayRange, niftiSlice, readNiftiVolume } from '@voxa/imaging';
import { afterAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { slideshowSlices } from './slideshow-frames';
import { readForSlideshow, type SlideshowRead } from './slideshow-read';

/** What the slideshow draws from a volume: its display range and its frames' slices. */
function drawn({ bytes, sampleRange }: SlideshowRead) {
  const read = readNiftiVolume(bytes);
  if (!read.ok) return read;
  const { volume } = read;
  return {
    range: niftiDisplayRange(volume, sampleRange),
    frames: slideshowSlices(volume.slices).map((z) => niftiSlice(volume, z)),
  };
}

const whole = async (file: string): Promise<SlideshowRead> => {
  const bytes = await readFile(file);
  return {
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    sampleRange: null,
  };
};

/** A NIfTI-1 of `width` x `height` x `slices` voxels of `datatype` with varied bytes. */
function synthetic(width: number, height: number, slices: number, datatype: number, bitpix: number) {
  const header = Buffer.alloc(352);
  header.writeInt32LE(348, 0);
  [3, width, height, slices, 1, 1, 1, 1].forEach((v, i) => header.writeInt16LE(v, 40 + i * 2));
  header.writeInt16LE(datatype, 70);
  header.writeInt16LE(bitpix, 72);
  [1, 0.7, 0.7, 0.5, 1, 1, 1, 1].forEach((v, i) => header.writeFloatLE(v, 76 + i * 4));
  header.writeFloatLE(352, 108);
  header.writeFloatLE(1, 112);
  header.write('n+1\0', 344, 'latin1');
  const body = Buffer.alloc((width * height * slices * bitpix) / 8);
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 37 + (i >> 9)) % 251;
  return Buffer.concat([header, body]);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-slideshow-read-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the slideshow’s read of a stored NIfTI', { timeout: 60_000 }, () => {
  it('draws what the whole file draws, from the corpus’ dcm2niix outputs', async () => {
    for (const dataset of ['dcm_qa_ct', 'dcm_qa_nih']) {
      const folder = path.join(TESTDATA_DIR, 'reference', dataset);
      for (const name of (await readdir(folder)).filter((n) => n.endsWith('.nii')).slice(0, 4)) {
        const file = path.join(folder, name);
        expect(drawn(await readForSlideshow(file)), name).toEqual(drawn(await whole(file)));
      }
    }
  });

  it('reads the sample across chunks, voxels of 2 and of 3 bytes alike', async () => {
    for (const [datatype, bitpix] of [
      [4, 16],
      [128, 24],
    ] as const) {
      const file = path.join(dir, `${datatype}.nii`);
      await writeFile(file, synthetic(64, 48, 40, datatype, bitpix));
      // Chunks far smaller than the volume, and not a multiple of 3.
      expect(drawn(await readForSlideshow(file, 10_000))).toEqual(drawn(await whole(file)));
    }
  });

  it('reads a file it cannot parse whole, so the parse reports it', async () => {
    const file = path.join(dir, 'junk.nii');
    await writeFile(file, Buffer.alloc(1000, 7));
    expect(drawn(await readForSlideshow(file))).toEqual(drawn(await whole(file)));
  });
});
