import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CORRUPT_GZIP_ERROR,
  NIFTI_ZERO_SLICES_ERROR,
  NOT_NIFTI_ERROR,
  readNiftiHeader,
  TRUNCATED_NIFTI_ERROR,
} from './read-header';

interface SyntheticNifti {
  dims: number[];
  littleEndian?: boolean;
  slope?: number;
  inter?: number;
}

/** A minimal single-file NIfTI-1 (int16 voxels, all zero) laid out as the standard says. */
function buildNifti1({ dims, littleEndian = true, slope = 1, inter = 0 }: SyntheticNifti): ArrayBuffer {
  const voxOffset = 352;
  const voxels = dims.slice(1, dims[0]! + 1).reduce((a, b) => a * b, 1);
  const buffer = new ArrayBuffer(voxOffset + voxels * 2);
  const view = new DataView(buffer);
  view.setInt32(0, 348, littleEndian);
  dims.forEach((d, i) => view.setInt16(40 + 2 * i, d, littleEndian));
  view.setInt16(70, 4, littleEndian);
  view.setInt16(72, 16, littleEndian);
  [1, 2, 2, 3, 1, 1, 1, 1].forEach((p, i) => view.setFloat32(76 + 4 * i, p, littleEndian));
  view.setFloat32(108, voxOffset, littleEndian);
  view.setFloat32(112, slope, littleEndian);
  view.setFloat32(116, inter, littleEndian);
  new TextEncoder().encodeInto('synthetic', new Uint8Array(buffer, 148, 80));
  new TextEncoder().encodeInto('n+1\0', new Uint8Array(buffer, 344, 4));
  return buffer;
}

/** A fresh copy: a Node Buffer may be a view into a shared pool. */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}

/** Gzip magic and a trailer (ISIZE) of 0xffffffff: must be refused before anything is allocated. */
function forgedGzip(): ArrayBuffer {
  const bytes = new Uint8Array(32).fill(0xff);
  bytes.set([0x1f, 0x8b, 8, 0]);
  return bytes.buffer;
}

describe('readNiftiHeader', () => {
  it('reads a little-endian 3D header', () => {
    const result = readNiftiHeader(buildNifti1({ dims: [3, 4, 5, 6, 1, 1, 1, 1], slope: 2, inter: -10 }));
    expect(result).toEqual({
      ok: true,
      header: {
        width: 4,
        height: 5,
        slices: 6,
        volumes: 1,
        datatypeCode: 4,
        pixDims: [1, 2, 2, 3, 1, 1, 1, 1],
        sclSlope: 2,
        sclInter: -10,
        littleEndian: true,
        description: 'synthetic',
      },
    });
  });

  it('reads big-endian and counts 4D volumes', () => {
    const result = readNiftiHeader(buildNifti1({ dims: [4, 2, 3, 4, 7, 1, 1, 1], littleEndian: false }));
    expect(result.ok && result.header).toMatchObject({
      width: 2,
      height: 3,
      slices: 4,
      volumes: 7,
      littleEndian: false,
    });
  });

  it('decompresses .nii.gz', () => {
    const raw = buildNifti1({ dims: [3, 4, 5, 6, 1, 1, 1, 1] });
    const result = readNiftiHeader(toArrayBuffer(gzipSync(new Uint8Array(raw))));
    expect(result.ok && result.header.slices).toBe(6);
  });

  it('rejects a file with 0 slices', () => {
    expect(readNiftiHeader(buildNifti1({ dims: [3, 4, 5, 0, 1, 1, 1, 1] }))).toEqual({
      ok: false,
      error: NIFTI_ZERO_SLICES_ERROR,
    });
  });

  it('rejects a file cut off inside its voxel data', () => {
    const raw = buildNifti1({ dims: [3, 16, 16, 16, 1, 1, 1, 1] });
    expect(readNiftiHeader(raw.slice(0, 1000))).toEqual({ ok: false, error: TRUNCATED_NIFTI_ERROR });
  });

  it('never throws on garbage', () => {
    const raw = buildNifti1({ dims: [3, 16, 16, 16, 1, 1, 1, 1] });
    const gz = gzipSync(new Uint8Array(raw));
    const cases: [string, ArrayBuffer, string][] = [
      ['empty', new ArrayBuffer(0), NOT_NIFTI_ERROR],
      ['one byte', new Uint8Array([0x1f]).buffer, NOT_NIFTI_ERROR],
      ['header cut short', raw.slice(0, 100), NOT_NIFTI_ERROR],
      ['gzip magic only', new Uint8Array([0x1f, 0x8b]).buffer, CORRUPT_GZIP_ERROR],
      ['truncated gzip', toArrayBuffer(gz.subarray(0, 40)), CORRUPT_GZIP_ERROR],
      ['gzip trailer claiming 4 GB', forgedGzip(), CORRUPT_GZIP_ERROR],
      ['gzip cut before its trailer', toArrayBuffer(gz.subarray(0, gz.length - 1)), CORRUPT_GZIP_ERROR],
      ['text', toArrayBuffer(new TextEncoder().encode('not an image at all'.repeat(40))), NOT_NIFTI_ERROR],
    ];
    for (const [name, bytes, error] of cases) {
      expect(readNiftiHeader(bytes), name).toEqual({ ok: false, error });
    }
  });

  it('never throws on random bytes', () => {
    let seed = 12345;
    const nextByte = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed & 0xff;
    };
    for (let round = 0; round < 200; round += 1) {
      const bytes = Uint8Array.from({ length: (round * 37) % 1200 }, nextByte);
      if (round % 3 === 0 && bytes.length > 2) bytes.set([0x1f, 0x8b]);
      expect(() => readNiftiHeader(bytes.buffer)).not.toThrow();
      expect(readNiftiHeader(bytes.buffer).ok).toBe(false);
    }
  });
});
