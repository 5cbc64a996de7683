import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';

/** Reads back the chunks of a PNG and undoes the filters (None and Up, the ones encodePng writes). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('ascii', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const ihdr = chunks[0]?.data as Buffer;
  const [width, height] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width * 4 + 1)];
    for (let x = 0; x < width * 4; x++) {
      const value = raw[y * (width * 4 + 1) + 1 + x] as number;
      const above = filter === 2 && y > 0 ? (out[(y - 1) * width * 4 + x] as number) : 0;
      out[y * width * 4 + x] = (value + above) & 0xff;
    }
  }
  return { types: chunks.map((c) => c.type), width, height, bitDepth: ihdr[8], colourType: ihdr[9], out };
}

describe('encodePng', () => {
  it('writes an 8-bit RGBA PNG whose pixels read back unchanged', () => {
    const [width, height] = [7, 5];
    const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 37) % 256);
    const png = decode(encodePng(rgba, width, height));
    expect(png).toMatchObject({ types: ['IHDR', 'IDAT', 'IEND'], width, height, bitDepth: 8, colourType: 6 });
    expect(png.out).toEqual(rgba);
  });

  it('has the CRC of a known chunk', () => {
    // IEND's CRC is fixed: AE 42 60 82.
    const png = encodePng(new Uint8Array(4), 1, 1);
    expect(png.subarray(png.length - 4).toString('hex')).toBe('ae426082');
  });

  it('refuses a size that does not match the bytes', () => {
    expect(() => encodePng(new Uint8Array(8), 1, 1)).toThrow(RangeError);
    expect(() => encodePng(new Uint8Array(0), 0, 0)).toThrow(RangeError);
  });
});
