import { describe, expect, it } from 'vitest';
import { normalizeWindowing } from './windowing';

describe('normalizeWindowing', () => {
  it('keeps values that are present', () => {
    expect(
      normalizeWindowing({
        windowCenter: 40,
        windowWidth: 400,
        rescaleSlope: 2,
        rescaleIntercept: -1024,
        rescaleType: 'US',
      }),
    ).toEqual({
      windowCenter: 40,
      windowWidth: 400,
      rescaleSlope: 2,
      rescaleIntercept: -1024,
      rescaleType: 'US',
    });
  });

  it('fills every default when nothing is given', () => {
    expect(normalizeWindowing({})).toEqual({
      windowCenter: 0,
      windowWidth: 1000,
      rescaleSlope: 1,
      rescaleIntercept: 0,
      rescaleType: 'HU',
    });
  });

  it.each([0, NaN, null, undefined])('treats slope %s as 1', (rescaleSlope) => {
    expect(normalizeWindowing({ rescaleSlope }).rescaleSlope).toBe(1);
  });

  it.each([NaN, null, undefined])('treats intercept %s as 0', (rescaleIntercept) => {
    expect(normalizeWindowing({ rescaleIntercept }).rescaleIntercept).toBe(0);
  });

  it('uses the default window when only the centre or only the width is given', () => {
    expect(normalizeWindowing({ windowCenter: 40 })).toMatchObject({ windowCenter: 0, windowWidth: 1000 });
    expect(normalizeWindowing({ windowWidth: 400 })).toMatchObject({ windowCenter: 0, windowWidth: 1000 });
  });

  it('keeps a zero window centre and a negative intercept', () => {
    expect(normalizeWindowing({ windowCenter: 0, windowWidth: 80, rescaleIntercept: -1024 })).toMatchObject({
      windowCenter: 0,
      windowWidth: 80,
      rescaleIntercept: -1024,
    });
  });

  it('defaults an empty rescale type to HU', () => {
    expect(normalizeWindowing({ rescaleType: '' }).rescaleType).toBe('HU');
  });
});
