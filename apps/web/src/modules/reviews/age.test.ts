import { describe, expect, it } from 'vitest';
import { ageOf } from './age';

describe('ageOf', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(ageOf('2026-11-25T11:59:30Z', now)).toBe('just now');
    expect(ageOf('2026-11-25T11:55:00Z', now)).toBe('5 min');
    expect(ageOf('2026-11-25T09:00:00Z', now)).toBe('3 h');
    expect(ageOf('2026-11-23T12:00:00Z', now)).toBe('2 d');
    // A clock a little behind the server's is not 'in the future'.
    expect(ageOf('2026-11-25T12:00:05Z', now)).toBe('just now');
  });
});
