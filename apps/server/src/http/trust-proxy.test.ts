import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('trusts nobody by default', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('reads a hop count', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('0')).toEqual({ error: expect.any(String) });
  });

  it('reads addresses, CIDR ranges and range names', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is none of these, naming it', () => {
    expect(parseTrustProxy('true')).toEqual({ error: expect.stringContaining('"true"') });
    expect(parseTrustProxy('10.0.0.0/33')).toEqual({ error: expect.stringContaining('10.0.0.0/33') });
    expect(parseTrustProxy('proxy.example.org')).toEqual({ error: expect.any(String) });
  });
});

describe('fastifyTrustProxy', () => {
  it('turns a hop count into a rule trusting that many nearest hops', () => {
    const rule = fastifyTrustProxy(1);
    if (typeof rule !== 'function') throw new Error('expected a rule');
    expect(rule('10.0.0.1', 0)).toBe(true);
    expect(rule('203.0.113.9', 1)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
