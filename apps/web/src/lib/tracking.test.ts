import { describe, expect, it } from 'vitest';
import { isNewVersion } from './tracking';

describe('isNewVersion', () => {
  it('is true only for a different non-empty version string', () => {
    expect(isNewVersion('0.1.0+a', '0.1.0+b')).toBe(true);
    expect(isNewVersion('0.1.0+a', '0.1.0+a')).toBe(false);
    expect(isNewVersion('0.1.0+a', undefined)).toBe(false);
    expect(isNewVersion('0.1.0+a', '')).toBe(false);
  });
});
