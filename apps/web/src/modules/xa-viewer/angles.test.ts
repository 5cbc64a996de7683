import { describe, expect, it } from 'vitest';
import { angleText, primaryProjection, secondaryProjection } from './angles';

describe('positioner angles', () => {
  it('shows the header’s value in degrees', () => {
    expect(angleText(77)).toBe('77°');
    expect(angleText(-45)).toBe('-45°');
    expect(angleText(12.34)).toBe('12.3°');
  });

  it('names the primary angle LAO when positive and RAO when negative', () => {
    expect(primaryProjection(77)).toBe('LAO 77°');
    expect(primaryProjection(-30)).toBe('RAO 30°');
    expect(primaryProjection(0)).toBe('AP');
  });

  it('names the secondary angle CRAN when positive and CAUD when negative', () => {
    expect(secondaryProjection(-45)).toBe('CAUD 45°');
    expect(secondaryProjection(20)).toBe('CRAN 20°');
    expect(secondaryProjection(0)).toBe('AP');
  });
});
