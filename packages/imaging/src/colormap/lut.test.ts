import { describe, expect, it } from 'vitest';
import { colormapLut, LUT_ENTRIES } from './lut';

const entry = (lut: Uint8ClampedArray, i: number) => Array.from(lut.slice(i * 4, i * 4 + 4));

describe('colormapLut', () => {
  it('spans two points linearly over 256 RGBA entries', () => {
    const lut = colormapLut({ R: [0, 255], G: [0, 255], B: [0, 255], A: [0, 128], I: [0, 255] });
    expect(lut).toHaveLength(LUT_ENTRIES * 4);
    expect(entry(lut, 0)).toEqual([0, 0, 0, 0]);
    expect(entry(lut, 255)).toEqual([255, 255, 255, 128]);
    expect(entry(lut, 51)).toEqual([51, 51, 51, Math.round((51 * 128) / 255)]);
  });

  it('passes through every control point exactly, linear between them', () => {
    const c = { R: [0, 255, 255], G: [0, 0, 255], B: [10, 20, 30], A: [255, 255, 255], I: [0, 100, 255] };
    const lut = colormapLut(c);
    expect(entry(lut, 100)).toEqual([255, 0, 20, 255]);
    expect(entry(lut, 50)).toEqual([128, 0, 15, 255]);
    expect(entry(lut, 255)).toEqual([255, 255, 30, 255]);
    expect(entry(lut, 178)).toEqual([
      255,
      Math.round((78 * 255) / 155),
      Math.round(20 + (78 * 10) / 155),
      255,
    ]);
  });

  it('leaves entries outside the points transparent black, as NiiVue does', () => {
    const lut = colormapLut({ R: [255, 255], G: [0, 0], B: [0, 0], A: [255, 255], I: [64, 192] });
    expect(entry(lut, 63)).toEqual([0, 0, 0, 0]);
    expect(entry(lut, 64)).toEqual([255, 0, 0, 255]);
    expect(entry(lut, 192)).toEqual([255, 0, 0, 255]);
    expect(entry(lut, 193)).toEqual([0, 0, 0, 0]);
  });

  it('rounds halves to even like Uint8ClampedArray', () => {
    const lut = colormapLut({ R: [0, 1], G: [0, 3], B: [0, 0], A: [0, 0], I: [0, 2] });
    expect(entry(lut, 1).slice(0, 2)).toEqual([0, 2]);
  });
});
