import { describe, expect, it } from 'vitest';
import { expiryRefusal, lastUseIsStale, tokenState } from './policy';

const now = new Date('2026-11-26T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('tokenState', () => {
  it('is active without expiry or revocation, and before its expiry', () => {
    expect(tokenState({ expires_at: null, revoked_at: null }, now)).toBe('active');
    expect(tokenState({ expires_at: at(1), revoked_at: null }, now)).toBe('active');
  });
  it('is expired from its expiry instant on', () => {
    expect(tokenState({ expires_at: at(0), revoked_at: null }, now)).toBe('expired');
    expect(tokenState({ expires_at: at(-1000), revoked_at: null }, now)).toBe('expired');
  });
  it('is revoked once revoked, whatever its expiry', () => {
    expect(tokenState({ expires_at: null, revoked_at: at(-1) }, now)).toBe('revoked');
    expect(tokenState({ expires_at: at(-1000), revoked_at: at(-1) }, now)).toBe('revoked');
  });
});

describe('expiryRefusal', () => {
  it('accepts no expiry and a future one, refuses now and the past', () => {
    expect(expiryRefusal(null, now)).toBeNull();
    expect(expiryRefusal(at(60_000), now)).toBeNull();
    expect(expiryRefusal(at(0), now)).toMatch(/future/);
    expect(expiryRefusal(at(-1), now)).toMatch(/future/);
  });
});

describe('lastUseIsStale', () => {
  it('writes the first use and then at most once a minute', () => {
    expect(lastUseIsStale(null, now)).toBe(true);
    expect(lastUseIsStale(at(-59_999), now)).toBe(false);
    expect(lastUseIsStale(at(-60_000), now)).toBe(true);
  });
});
