import { describe, expect, it } from 'vitest';
import { isInside, relativeKey, resolveInside, segmentProblem, UnsafePathError } from './paths';

describe('relativeKey', () => {
  it('splits a relative path into segments', () => {
    expect(relativeKey('study/series 1/IM0001.dcm')).toEqual(['study', 'series 1', 'IM0001.dcm']);
    expect(relativeKey('a..b/..c/.hidden')).toEqual(['a..b', '..c', '.hidden']);
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['../outside', '".." is not allowed'],
    ['a/../../b', '".." is not allowed'],
    ['a/./b', '"." is not allowed'],
    ['a//b', 'empty path segment'],
    ['a/', 'empty path segment'],
    ['..\\windows', 'control characters'],
    ['C:/x', 'control characters'],
    ['a\u0000b', 'control characters'],
    ['x'.repeat(256), 'longer than 255 bytes'],
    [`${'a/'.repeat(600)}b`, 'longer than 1024'],
  ])('refuses %j', (name, reason) => {
    expect(() => relativeKey(name)).toThrow(UnsafePathError);
    expect(() => relativeKey(name)).toThrow(reason);
  });

  it('counts bytes, not characters, against the segment limit', () => {
    expect(segmentProblem('é'.repeat(127))).toBeNull();
    expect(segmentProblem('é'.repeat(128))).toMatch(/255 bytes/);
  });
});

describe('resolveInside', () => {
  it('resolves below the root', () => {
    expect(resolveInside('/data', ['teams', '1', 'f.dcm'])).toBe('/data/teams/1/f.dcm');
  });

  it.each([[['..']], [['a', '..', '..']], [['/etc']], [['a/b']], [[]]])('refuses %j', (key) => {
    expect(() => resolveInside('/data', key)).toThrow(UnsafePathError);
  });

  it('needs an absolute root', () => {
    expect(() => resolveInside('data', ['a'])).toThrow('absolute');
  });
});

describe('isInside', () => {
  it('tells a child from a sibling with a common prefix', () => {
    expect(isInside('/data', '/data')).toBe(true);
    expect(isInside('/data', '/data/a/b')).toBe(true);
    expect(isInside('/data', '/data2/a')).toBe(false);
    expect(isInside('/data', '/')).toBe(false);
    expect(isInside('/data', '/data/..x')).toBe(true);
  });
});
