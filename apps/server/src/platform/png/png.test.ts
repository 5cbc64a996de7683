import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../test/png-decode';
import { encodePng } from './encode';

describe('PNG encoder', () => {
  it('writes pixels a decoder reads back exactly', () => {
    const [width, height] = [5, 3];
    const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 37) % 256);
    const png = encodePng(rgba, width, height);
    expect(png.toString('latin1', 1, 4)).toBe('PNG');
    const decoded = decodePng(png);
    expect(decoded).toMatchObject({ width, height });
    expect(Buffer.from(decoded.rgba).equals(Buffer.from(rgba))).toBe(true);
  });

  it('refuses a size that does not match the pixels', () => {
    expect(() => encodePng(new Uint8Array(8), 3, 1)).toThrow(/RGBA bytes/);
    expect(() => encodePng(new Uint8Array(0), 0, 0)).toThrow(/image size/);
  });
});
