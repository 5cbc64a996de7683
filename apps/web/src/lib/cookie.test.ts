import { describe, expect, it } from 'vitest';
import { cookieDomain, cookieString, readCookie } from './cookie';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('voxa_token', 'a=1; voxa_token=abc%20d; b=2')).toBe('abc d');
  });
  it('returns null when missing', () => {
    expect(readCookie('voxa_token', 'a=1')).toBeNull();
    expect(readCookie('voxa_token', '')).toBeNull();
  });
});

describe('cookieDomain', () => {
  it('has no domain attribute on localhost or IP addresses', () => {
    expect(cookieDomain('localhost:3000')).toBeNull();
    expect(cookieDomain('127.0.0.1:3000')).toBeNull();
  });
  it('drops the port of a real host', () => {
    expect(cookieDomain('voxa.example.org:8443')).toBe('voxa.example.org');
  });
});

describe('cookieString', () => {
  it('writes the attributes', () => {
    expect(cookieString('t', 'v', 'example.org', 60)).toBe(
      't=v; path=/; max-age=60; samesite=lax; domain=example.org',
    );
    expect(cookieString('t', 'v', null, 0)).toBe('t=v; path=/; max-age=0; samesite=lax');
  });
});
