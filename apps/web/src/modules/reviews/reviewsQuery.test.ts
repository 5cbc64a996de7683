import { describe, expect, it } from 'vitest';
import { reviewsQueryFrom, reviewsSearch } from './reviewsQuery';

const parse = (search: string) => reviewsQueryFrom(new URLSearchParams(search));

describe('reviewsQuery', () => {
  it('reads box, state and page, and writes them back without the defaults', () => {
    const query = parse('box=mine&state=changes_requested&page=2');
    expect(query).toEqual({ box: 'mine', state: 'changes_requested', page: 2 });
    expect(reviewsSearch(query)).toBe('?box=mine&state=changes_requested&page=2');
    expect(reviewsSearch({ box: 'to-review', page: 1 })).toBe('');
  });

  it('falls back on malformed values', () => {
    expect(parse('box=all&state=done&page=-1')).toEqual({ box: 'to-review', page: 1 });
  });
});
