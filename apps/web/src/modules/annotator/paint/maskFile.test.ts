import { labelMaskOf, maybeGunzip } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { gzipMask, readMaskFile } from './maskFile';

/** A series' NIfTI-1 header: 3 x 2 x 2 voxels of 0.5 x 0.5 x 2 mm. */
function seriesHeader(): Uint8Array {
  const bytes = new Uint8Array(352);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 348, true);
  [3, 3, 2, 2, 1, 1, 1, 1].forEach((d, i) => view.setInt16(40 + 2 * i, d, true));
  [1, 0.5, 0.5, 2].forEach((p, i) => view.setFloat32(76 + 4 * i, p, true));
  return bytes;
}

describe('mask file: read, edit in place, gzip for the save', () => {
  it('reads a gzipped mask into the core’s volume and saves the same header with the edited voxels', async () => {
    const mask = labelMaskOf(seriesHeader(), 'uint8', [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    const loaded = await readMaskFile(await gzipMask(new Uint8Array(mask.bytes)));
    expect(loaded.volume.dims).toEqual([3, 2, 2]);
    expect(loaded.volume.spacing).toEqual([0.5, 0.5, 2]);
    expect(Array.from(loaded.volume.data)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);

    loaded.volume.data[4] = 1;
    const saved = await maybeGunzip(await gzipMask(loaded.bytes), 1 << 20);
    expect(saved.subarray(0, 352)).toEqual(mask.bytes.subarray(0, 352));
    expect(Array.from(saved.subarray(352))).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]);
  });

  it('reads an uncompressed uint16 mask too', async () => {
    const mask = labelMaskOf(
      seriesHeader(),
      'uint16',
      Array.from({ length: 12 }, (_, i) => i * 100),
    );
    const loaded = await readMaskFile(mask.bytes);
    expect(loaded.volume.data).toBeInstanceOf(Uint16Array);
    expect(loaded.volume.data[11]).toBe(1100);
  });
});
