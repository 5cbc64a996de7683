import { describe, expect, it } from 'vitest';
import { labelColormap } from './labelColormap';

describe('labelColormap', () => {
  it('gives each value its colour in value order, the background and hidden values transparent', () => {
    const map = labelColormap([
      { value: 5, rgb: [1, 2, 3], visible: true },
      { value: 2, rgb: [4, 5, 6], visible: false },
    ]);
    expect(map).toEqual({ I: [0, 2, 5], R: [0, 4, 1], G: [0, 5, 2], B: [0, 6, 3], A: [0, 0, 255] });
  });
});
