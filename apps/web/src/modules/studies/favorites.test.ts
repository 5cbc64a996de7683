import { describe, expect, it } from 'vitest';
import { parseFavorites, toggleFavorite } from './favorites';

describe('favourites', () => {
  it('reads a stored list of uuids and nothing else', () => {
    expect(parseFavorites('["a","b"]')).toEqual(['a', 'b']);
    expect(parseFavorites('["a",1,null]')).toEqual(['a']);
    expect(parseFavorites('{"a":1}')).toEqual([]);
    expect(parseFavorites('not json')).toEqual([]);
    expect(parseFavorites(null)).toEqual([]);
  });

  it('toggles one uuid, keeping the order of the others', () => {
    expect(toggleFavorite(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleFavorite(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
