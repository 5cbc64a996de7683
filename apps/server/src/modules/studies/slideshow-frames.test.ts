import { describe, expect, it } from 'vitest';
import { frameSize, resampleNearest, slideshowSlices } from './slideshow-frames';

describe('slideshowSlices', () => {
  it('spaces five frames evenly through the volume', () => {
    expect(slideshowSlices(100)).toEqual([10, 30, 50, 70, 90]);
    expect(slideshowSlices(5)).toEqual([0, 1, 2, 3, 4]);
    expect(slideshowSlices(6)).toEqual([0, 1, 3, 4, 5]);
  });

  it('shows every slice of a short volume and none of an empty one', () => {
    expect(slideshowSlices(1)).toEqual([0]);
    expect(slideshowSlices(3)).toEqual([0, 1, 2]);
    expect(slideshowSlices(0)).toEqual([]);
    expect(slideshowSlices(NaN)).toEqual([]);
  });
});

describe('frameSize', () => {
  it('keeps square pixels and fits the longest side', () => {
    expect(frameSize(512, 512, [0.7, 0.7])).toEqual({ width: 256, height: 256 });
    expect(frameSize(100, 50, [1, 2])).toEqual({ width: 100, height: 100 });
    expect(frameSize(64, 32, [1, 1])).toEqual({ width: 64, height: 32 });
    expect(frameSize(1000, 10, [NaN, 0])).toEqual({ width: 256, height: 3 });
  });
});

describe('resampleNearest', () => {
  it('halves and doubles by the nearest pixel', () => {
    const px = (v: number) => [v, v, v, 255];
    const two = new Uint8Array([...px(1), ...px(2), ...px(3), ...px(4)]);
    expect([...resampleNearest(two, 2, 2, { width: 1, height: 1 })]).toEqual(px(4));
    const up = resampleNearest(two, 2, 2, { width: 4, height: 4 });
    expect(up.length).toBe(64);
    expect([...up.subarray(0, 16)]).toEqual([...px(1), ...px(1), ...px(2), ...px(2)]);
    expect(resampleNearest(two, 2, 2, { width: 2, height: 2 })).toBe(two);
  });
});
