import { describe, expect, it } from 'vitest';
import { constantSpacing, orientationsEqual, positionAlongNormal, sliceNormal } from './geometry';
import { personNameText } from './group-dicom';
import { seriesNumberOf, type DicomEntry } from './series';

const AXIAL = [1, 0, 0, 0, 1, 0];

describe('slice geometry', () => {
  it('takes the normal as row x column and projects positions on it', () => {
    expect(sliceNormal(AXIAL)).toEqual([0, 0, 1]);
    expect(sliceNormal(null)).toBeNull();
    expect(positionAlongNormal([10, 20, 30], [0, 0, 1])).toBe(30);
    expect(positionAlongNormal(null, [0, 0, 1])).toBeNull();
  });

  it('compares orientations within rounding; a missing one is not equal', () => {
    expect(orientationsEqual([AXIAL, [1, 0, 0, 0, 1, 0.00001]])).toBe(true);
    expect(orientationsEqual([AXIAL, [1, 0, 0, 0, 0.95, -0.31]])).toBe(false);
    expect(orientationsEqual([AXIAL, null])).toBe(false);
    expect(orientationsEqual([null])).toBe(false);
  });

  it('finds a constant spacing, counting repeated positions (fMRI volumes) once', () => {
    expect(constantSpacing([0, 2.5, 5, 7.5])).toBeCloseTo(2.5);
    expect(constantSpacing([7.5, 0, 5, 2.5, 0, 5, 7.5, 2.5])).toBeCloseTo(2.5);
    expect(constantSpacing([0, 1.14, 5.36, 12.74])).toBeNull();
    expect(constantSpacing([3])).toBeNull();
    expect(constantSpacing([0, 1, null])).toBeNull();
  });
});

describe('series and study fields', () => {
  const entry = (seriesNumber: number | null) => ({ header: { seriesNumber } }) as DicomEntry;

  it('chooses the most common series number, ties to the first slice', () => {
    expect(seriesNumberOf([entry(3), entry(2), entry(2)])).toBe(2);
    expect(seriesNumberOf([entry(9), entry(1), entry(5)])).toBe(9);
    expect(seriesNumberOf([entry(null), entry(4)])).toBe(4);
    expect(seriesNumberOf([entry(null)])).toBeNull();
  });

  it('turns a DICOM person name into display text', () => {
    expect(personNameText('Doe^John^^Dr')).toBe('Doe John Dr');
    expect(personNameText('Yamada^Tarou=山田^太郎')).toBe('Yamada Tarou');
    expect(personNameText(null)).toBe('');
  });
});
