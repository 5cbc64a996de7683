import { describe, expect, it } from 'vitest';
import { PET_SOP_CLASS } from '../types';
import { displayFor, displayForRange } from './display';
import { PET_COLORMAP } from './colormap';
import { previewSize } from './preview-size';
import { renderRgba } from './render';
import { dicomSliceSource } from './slice-source';

const gray = (values: number[]) => ({
  kind: 'gray' as const,
  width: values.length,
  height: 1,
  values: Float32Array.from(values),
});
const levels = (rgba: Uint8ClampedArray) => Array.from(rgba.filter((_, i) => i % 4 === 0));

describe('displayFor', () => {
  it('applies the spec defaults: slope 0 -> 1, NaN intercept -> 0, window 0/1000', () => {
    expect(displayFor({ rescaleSlope: 0, rescaleIntercept: NaN, modality: 'CT', sopClassUid: null })).toEqual(
      {
        rescaleSlope: 1,
        rescaleIntercept: 0,
        low: -500,
        high: 500,
        invert: false,
        colormap: 'gray',
      },
    );
  });
  it('uses the PET colormap only for PT with the PET SOP class, and inverts MONOCHROME1', () => {
    expect(displayFor({ modality: 'PT', sopClassUid: PET_SOP_CLASS }).colormap).toBe('pet');
    expect(displayFor({ modality: 'PT', sopClassUid: '1.2.3' }).colormap).toBe('gray');
    expect(
      displayFor({ modality: 'CR', sopClassUid: null, photometricInterpretation: 'MONOCHROME1' }).invert,
    ).toBe(true);
  });
});

describe('renderRgba', () => {
  it('rescales, then windows linearly; NaN is black', () => {
    const display = { ...displayForRange([0, 255]), rescaleSlope: 2, rescaleIntercept: -100 };
    expect(levels(renderRgba(gray([50, 75, 200, 0, NaN]), display))).toEqual([0, 50, 255, 0, 0]);
  });
  it('inverts MONOCHROME1 and colours PET through the colormap', () => {
    const inverted = { ...displayForRange([0, 255]), invert: true };
    expect(levels(renderRgba(gray([0, 255]), inverted))).toEqual([255, 0]);
    const pet = renderRgba(gray([128]), displayForRange([0, 255], 'pet'));
    expect(Array.from(pet)).toEqual([...PET_COLORMAP.subarray(3 * 128, 3 * 128 + 3), 255]);
  });
  it('copies RGB frames with full opacity', () => {
    const rgb = { kind: 'rgb' as const, width: 1, height: 1, rgb: Uint8ClampedArray.from([1, 2, 3]) };
    expect(Array.from(renderRgba(rgb, displayForRange([0, 1])))).toEqual([1, 2, 3, 255]);
  });
});

describe('dicomSliceSource and previewSize', () => {
  it('steps through files, or through the frames of a multi-frame file, clamped', () => {
    expect(dicomSliceSource({ cnt: 28, numberOfFrames: 1 }, 5)).toEqual({ fileIndex: 5, frame: 0 });
    expect(dicomSliceSource({ cnt: 1, numberOfFrames: 12 }, 7)).toEqual({ fileIndex: 0, frame: 7 });
    expect(dicomSliceSource({ cnt: 2, numberOfFrames: 33 }, 40)).toEqual({ fileIndex: 0, frame: 32 });
  });
  it('makes pixels square and caps the longest side at 512', () => {
    expect(previewSize(64, 64, [3, 3])).toEqual({ width: 64, height: 64 });
    expect(previewSize(100, 50, [1, 2])).toEqual({ width: 100, height: 100 });
    expect(previewSize(1024, 512)).toEqual({ width: 512, height: 256 });
  });
});
