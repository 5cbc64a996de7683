import { describe, expect, it } from 'vitest';
import { studyUidHash } from './study-uid-hash';

const key = Buffer.alloc(32, 7);

describe('studyUidHash', () => {
  it('is stable, ignores surrounding spaces and does not contain the UID', () => {
    const hash = studyUidHash(key, 1, '1.2.840.113619.2.55');
    expect(studyUidHash(key, 1, ' 1.2.840.113619.2.55 ')).toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('1.2.840');
  });

  it('differs per team and per key', () => {
    const hash = studyUidHash(key, 1, '1.2.3');
    expect(studyUidHash(key, 2, '1.2.3')).not.toBe(hash);
    expect(studyUidHash(Buffer.alloc(32, 8), 1, '1.2.3')).not.toBe(hash);
  });
});
