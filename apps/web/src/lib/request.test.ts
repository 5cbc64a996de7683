import { describe, expect, it } from 'vitest';
import { fillPath, queryString } from './request';

describe('fillPath', () => {
  it('fills and encodes parameters', () => {
    expect(fillPath('/team/users/:userId', { userId: 7 })).toBe('/team/users/7');
    expect(fillPath('/teams/:teamSubdomain', { teamSubdomain: 'a b' })).toBe('/teams/a%20b');
  });
  it('throws on a missing parameter', () => {
    expect(() => fillPath('/team/users/:userId', {})).toThrow('userId');
  });
});

describe('queryString', () => {
  it('skips empty values', () => {
    expect(queryString({ search: '', page: 2, x: undefined })).toBe('?page=2');
    expect(queryString(undefined)).toBe('');
  });
});
