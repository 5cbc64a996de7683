import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { GZIP_DAMAGED_ERROR, GzipError, gunzip, gzipTooLargeError, isGzip, maybeGunzip } from './gunzip';

const CT = readTestFile('dicom/dcm_qa_ct/GE/01.dcm');
const gzipped = (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes));
const MiB = 1024 * 1024;

async function* inChunks(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

describe('gunzip', () => {
  it('inflates a gzipped DICOM file to its exact bytes, from one array or from chunks', async () => {
    const packed = gzipped(CT);
    expect(isGzip(packed) && !isGzip(CT)).toBe(true);
    const whole = await gunzip(packed, { maxBytes: MiB });
    expect(whole.ok && whole.size === CT.length && Buffer.compare(whole.bytes, CT)).toBe(0);
    const chunked = await gunzip(inChunks(packed, 4096), { maxBytes: MiB });
    expect(chunked.ok && Buffer.compare(chunked.bytes, CT)).toBe(0);
  });

  it('keeps only the first bytes asked for, yet inflates (and counts) the whole file', async () => {
    const result = await gunzip(gzipped(CT), { maxBytes: MiB, keep: 1000 });
    expect(result).toEqual({ ok: true, bytes: CT.subarray(0, 1000), size: CT.length });
  });

  it('refuses a gzip bomb once the inflated bytes pass the bound, without inflating the rest', async () => {
    // 64 MiB of zeros in about 64 KB of gzip (ratio 1000); inflation stops at the 4 MiB bound.
    const bomb = gzipped(new Uint8Array(64 * MiB));
    expect(bomb.length).toBeLessThan(128 * 1024);
    const result = await gunzip(bomb, { maxBytes: 4 * MiB });
    expect(result).toEqual({ ok: false, error: gzipTooLargeError(4 * MiB) });
  });

  it('reports cut-short, corrupt and wrong-checksum data as damaged', async () => {
    const packed = gzipped(CT);
    const cut = packed.slice(0, packed.length - 200);
    const corrupt = packed.slice();
    corrupt.fill(0xff, 1000, 1100);
    const wrongCrc = packed.slice();
    wrongCrc[packed.length - 8] = (wrongCrc[packed.length - 8] ?? 0) ^ 0xff;
    for (const bytes of [cut, corrupt, wrongCrc, packed.slice(0, 10)])
      expect(await gunzip(bytes, { maxBytes: MiB })).toEqual({ ok: false, error: GZIP_DAMAGED_ERROR });
  });
});

describe('maybeGunzip', () => {
  it('gives plain bytes as they are and inflates gzip ones', async () => {
    expect(await maybeGunzip(CT, MiB)).toBe(CT);
    expect(Buffer.compare(await maybeGunzip(gzipped(CT), MiB), CT)).toBe(0);
  });

  it('throws a GzipError with the reason past the bound or on damaged data', async () => {
    await expect(maybeGunzip(gzipped(CT), 1000)).rejects.toThrow(new GzipError(gzipTooLargeError(1000)));
    await expect(maybeGunzip(gzipped(CT).slice(0, 500), MiB)).rejects.toThrow(GZIP_DAMAGED_ERROR);
  });
});

describe('gunzip of a source that fails', () => {
  it('throws what reading the source threw, instead of calling the data damaged', async () => {
    async function* failing() {
      yield gzipped(CT).subarray(0, 1000);
      throw new Error('the file went away');
    }
    await expect(gunzip(failing(), { maxBytes: MiB })).rejects.toThrow('the file went away');
  });
});

describe('gunzip into a sink', () => {
  it('hands every inflated chunk to the sink, and throws what the sink throws', async () => {
    const chunks: Uint8Array[] = [];
    const result = await gunzip(gzipped(CT), { maxBytes: MiB, keep: 0, sink: (c) => void chunks.push(c) });
    expect(result).toMatchObject({ ok: true, size: CT.length, bytes: new Uint8Array(0) });
    expect(Buffer.compare(Buffer.concat(chunks), CT)).toBe(0);
    const refusing = () => {
      throw new Error('refused by the sink');
    };
    await expect(gunzip(gzipped(CT), { maxBytes: MiB, sink: refusing })).rejects.toThrow(
      'refused by the sink',
    );
  });
});
