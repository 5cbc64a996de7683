import { describe, expect, it } from 'vitest';
import { seriesLabel, sliderRange, usesPetColormap, validateSliceIndex } from './preview';

describe('sliderRange', () => {
  it('runs to the highest of count, frames and slices, minus one', () => {
    expect(sliderRange({ cnt: 28, numberOfFrames: 1 })).toEqual({ min: 0, max: 27, disabled: false });
    expect(sliderRange({ cnt: 1, numberOfFrames: 12 })).toEqual({ min: 0, max: 11, disabled: false });
    expect(sliderRange({ cnt: 1, numberOfFrames: 1, slices: 35 })).toEqual({
      min: 0,
      max: 34,
      disabled: false,
    });
  });

  it('is disabled with a single image or while a NIfTI preview is generating', () => {
    expect(sliderRange({ cnt: 1, numberOfFrames: 1 })).toEqual({ min: 0, max: 0, disabled: true });
    expect(sliderRange({ cnt: 0, numberOfFrames: 0 })).toEqual({ min: 0, max: 0, disabled: true });
    expect(sliderRange({ cnt: 58, numberOfFrames: 1, generatingPreviewNii: true }).disabled).toBe(true);
  });
});

describe('usesPetColormap', () => {
  it('needs PT with the PET image storage SOP class', () => {
    expect(usesPetColormap('PT', '1.2.840.10008.5.1.4.1.1.128')).toBe(true);
    expect(usesPetColormap('PT', '1.2.840.10008.5.1.4.1.1.130')).toBe(false);
    expect(usesPetColormap('CT', '1.2.840.10008.5.1.4.1.1.128')).toBe(false);
    expect(usesPetColormap(null, null)).toBe(false);
  });
});

describe('seriesLabel', () => {
  it('shows the series number, cut to 20 characters', () => {
    expect(seriesLabel({ type: 'dcm', seriesNumber: 201 })).toBe('201');
    expect(seriesLabel({ type: 'dcm', seriesNumber: 2 ** 70 })).toHaveLength(20);
  });

  it('shows ? for NIfTI and for a missing number', () => {
    expect(seriesLabel({ type: 'nii', seriesNumber: null })).toBe('?');
    expect(seriesLabel({ type: 'dcm', seriesNumber: null })).toBe('?');
  });
});

describe('validateSliceIndex', () => {
  it('accepts 0..slices-1 and rejects the rest', () => {
    expect(validateSliceIndex(0, 3)).toEqual({ ok: true });
    expect(validateSliceIndex(2, 3)).toEqual({ ok: true });
    for (const bad of [3, -1, 1.5, NaN]) {
      expect(validateSliceIndex(bad, 3)).toEqual({ ok: false, error: 'Invalid slice index' });
    }
  });
});
