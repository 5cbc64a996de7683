import { describe, expect, it } from 'vitest';
import { parseFavourites, removeFavourite, toggleFavourite } from './favourites';

const A = '0b6a3c1e-8f1d-4d7e-9c59-2f6f5d0a1b11';
const B = '7d0c2b4a-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('favourites', () => {
  it('reads a stored list of uuids and nothing else', () => {
    expect(parseFavourites(JSON.stringify([A, B, A]))).toEqual([A, B]);
    expect(parseFavourites(JSON.stringify([A, 42, '../x', null]))).toEqual([A]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
  });

  it('toggles a study in, first, and out again', () => {
    const one = toggleFavourite([B], A);
    expect(one).toEqual([A, B]);
    expect(toggleFavourite(one, A)).toEqual([B]);
    expect(removeFavourite(one, B)).toEqual([A]);
  });
});
