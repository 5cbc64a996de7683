import { describe, expect, it } from 'vitest';
import { matchesEtag, requestedRange } from './conditional';

describe('matchesEtag', () => {
  it('matches the tag, its weak form, a list and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

describe('requestedRange', () => {
  it('reads the three forms of one range, the end clamped to the file', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
  });

  it('answers the whole file to what it does not serve', () => {
    expect(requestedRange(undefined, 1000)).toBeNull();
    expect(requestedRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(requestedRange('items=0-1', 1000)).toBeNull();
    expect(requestedRange('bytes=-', 1000)).toBeNull();
    expect(requestedRange('bytes=9-2', 1000)).toBeNull();
  });

  it('refuses a range past the end', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores the range when If-Range names another version', () => {
    expect(requestedRange('bytes=0-9', 1000, { header: '"old"', etag: '"new"' })).toBeNull();
    expect(requestedRange('bytes=0-9', 1000, { header: '"new"', etag: '"new"' })).toEqual({
      start: 0,
      end: 9,
    });
  });
});
