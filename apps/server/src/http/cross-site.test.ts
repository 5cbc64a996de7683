import { describe, expect, it } from 'vitest';
import { isCrossSite } from './cross-site';

const base = {
  method: 'POST',
  byCookie: true,
  requestedWith: 'XMLHttpRequest',
  origin: 'http://acme.voxa.test',
  host: 'acme.voxa.test',
};

describe('isCrossSite', () => {
  it('lets a same-origin call with the header through', () => {
    expect(isCrossSite(base)).toBe(false);
    expect(isCrossSite({ ...base, origin: undefined })).toBe(false);
  });

  it('refuses a cookie-only state change without the header, or from another origin', () => {
    expect(isCrossSite({ ...base, requestedWith: undefined })).toBe(true);
    expect(isCrossSite({ ...base, origin: 'http://evil.voxa.test' })).toBe(true);
    expect(isCrossSite({ ...base, origin: 'http://acme.voxa.test:8080' })).toBe(true);
    expect(isCrossSite({ ...base, origin: 'null' })).toBe(true);
  });

  it('leaves reads and bearer-token calls alone', () => {
    expect(isCrossSite({ ...base, method: 'GET', requestedWith: undefined })).toBe(false);
    expect(isCrossSite({ ...base, byCookie: false, requestedWith: undefined, origin: 'http://x' })).toBe(
      false,
    );
  });
});
