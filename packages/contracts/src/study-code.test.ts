import { describe, expect, it } from 'vitest';
import { decodeStudyId, encodeStudyId } from './study-code';

describe('study codes', () => {
  it('round-trips row ids and is URL-safe', () => {
    for (const id of [1, 42, 999_999, 2_147_483_647]) {
      const code = encodeStudyId(id);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeStudyId(code)).toBe(id);
    }
  });

  it.each([
    '',
    'x',
    '!!!!',
    encodeStudyId(1) + 'A',
    btoa('s0'),
    btoa('s01'),
    btoa('t5'),
    btoa('s2147483648'),
  ])('refuses %j', (code) => {
    expect(decodeStudyId(code.replace(/=+$/, ''))).toBeNull();
  });
});
