import { describe, expect, it } from 'vitest';
import { inferencesQueryFrom, inferencesSearch } from './inferencesQuery';

const read = (search: string) => inferencesQueryFrom(new URLSearchParams(search));

describe('inferencesQueryFrom', () => {
  it('reads state, model and page', () => {
    expect(read('?state=queued&model=total6mm&page=3')).toEqual({
      state: 'queued',
      model: 'total6mm',
      page: 3,
    });
  });
  it('falls back on malformed values', () => {
    expect(read('?state=asleep&model=%20%20&page=0')).toEqual({ page: 1 });
    expect(read('?page=abc')).toEqual({ page: 1 });
  });
});

describe('inferencesSearch', () => {
  it('leaves the defaults out and reads back what it writes', () => {
    expect(inferencesSearch({ page: 1 })).toBe('');
    const search = inferencesSearch({ state: 'running', model: 'total', page: 2 });
    expect(search).toBe('?state=running&model=total&page=2');
    expect(read(search)).toEqual({ state: 'running', model: 'total', page: 2 });
  });
});
