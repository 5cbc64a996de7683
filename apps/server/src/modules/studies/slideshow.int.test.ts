import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../platform/storage';
import { syntheticNifti } from '../../../test/synthetic-nifti';
import { slideshowFrameKey } from '../../platform/storage/layout';
import { writeSlideshow } from './slideshow';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'voxa-slideshow-'));
  storage = await createStorage(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const folder = ['teams', '1', 'studies', 's', 'series', 'x'];

function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('writeSlideshow', () => {
  it('writes five PNG frames of evenly spaced slices, square pixels, beside the NIfTI', async () => {
    await storage.writeAtomic([...folder, 'nifti', 'v-001.nii'], syntheticNifti(40, 30, 20));
    expect(await writeSlideshow(storage, folder, 'v-001.nii')).toBe(5);
    const frames = await Promise.all(
      [0, 1, 2, 3, 4].map(async (n) => {
        const chunks: Buffer[] = [];
        for await (const c of await storage.read(slideshowFrameKey(folder, n))) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      }),
    );
    for (const png of frames) expect(pngSize(png)).toEqual({ width: 40, height: 30 });
    // Later slices hold larger values, so their frames are brighter.
    const brightness = frames.map((png) => {
      // The one IDAT chunk follows the signature and IHDR; byte 1 of the raw rows is the first pixel's red.
      const idat = png.subarray(41, 41 + png.readUInt32BE(33));
      return inflateSync(idat)[1] ?? 0;
    });
    expect(brightness[4]).toBeGreaterThan(brightness[0] ?? 0);
    expect(await storage.size(slideshowFrameKey(folder, 5))).toBeNull();
  });

  it('writes every slice of a short volume and nothing for a file that is not NIfTI', async () => {
    await storage.writeAtomic([...folder, 'nifti', 'short.nii'], syntheticNifti(8, 8, 2));
    expect(await writeSlideshow(storage, folder, 'short.nii')).toBe(2);
    await storage.writeAtomic([...folder, 'nifti', 'junk.nii'], new Uint8Array(400));
    expect(await writeSlideshow(storage, folder, 'junk.nii')).toBe(0);
  });
});
