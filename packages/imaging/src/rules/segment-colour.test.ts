import { describe, expect, it } from 'vitest';
import {
  colourDistance,
  distinctColour,
  distinctColours,
  labelMapColours,
  SAME_COLOUR_DISTANCE,
} from './segment-colour';

const minApart = (colours: readonly string[]) =>
  Math.min(...colours.flatMap((a, i) => colours.slice(i + 1).map((b) => colourDistance(a, b))));

describe('distinctColour', () => {
  it('keeps the wanted colour while no other is the same', () => {
    expect(distinctColour([], '#C71B1B')).toBe('#c71b1b');
    expect(distinctColour(['#00ff00', '#0000ff'], '#c71b1b')).toBe('#c71b1b');
  });

  it('gives the nearest colour apart from the others when the wanted one is taken or too near', () => {
    const taken = ['#d47e97'];
    for (const wanted of ['#d47e97', '#d27c95']) {
      const given = distinctColour(taken, wanted);
      expect(colourDistance(given, '#d47e97')).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
      // Still a shade of the wish: far nearer to it than any colour of another hue.
      expect(colourDistance(given, wanted)).toBeLessThan(SAME_COLOUR_DISTANCE + 8);
    }
  });

  it('without a wish, maximises the distance to the nearest colour taken', () => {
    const taken = ['#e6194b', '#3cb44b', '#4363d8'];
    const given = distinctColour(taken);
    expect(Math.min(...taken.map((t) => colourDistance(given, t)))).toBeGreaterThan(40);
  });

  it('is deterministic', () => {
    expect(distinctColour(['#123456'])).toBe(distinctColour(['#123456']));
  });

  it('keeps a segment visible over a grey image: neither near-black nor near-white when it chooses', () => {
    const given = distinctColours(
      [],
      Array.from({ length: 40 }, () => undefined),
    );
    for (const c of given) {
      expect(colourDistance(c, '#000000')).toBeGreaterThanOrEqual(30);
      expect(colourDistance(c, '#ffffff')).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('distinctColours', () => {
  it('gives 117 segments 117 colours, none the same as another', () => {
    const given = distinctColours(
      [],
      Array.from({ length: 117 }, () => undefined),
    );
    expect(new Set(given).size).toBe(117);
    expect(minApart(given)).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
  });

  it('keeps distinct wishes and moves the repeated ones away from the taken and the given', () => {
    const given = distinctColours(['#ff0000'], ['#00ff00', '#00ff00', '#ff0000', '#0000ff']);
    expect(given[0]).toBe('#00ff00');
    expect(given[3]).toBe('#0000ff');
    expect(minApart(['#ff0000', ...given])).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
  });
});

describe('labelMapColours', () => {
  const palette = ['#e6194b', '#3cb44b', '#ffe119'];

  it('gives each value its class’s colour, and the palette’s by position where the class has none', () => {
    const classes = new Map([
      [1, '#9d6ca2'],
      [5, null],
      [7, '#9d6ca2'],
    ]);
    const colours = labelMapColours([1, 5, 7], { classes, own: '#000000' }, palette);
    expect(colours.slice(0, 2)).toEqual(['#9d6ca2', '#3cb44b']);
    // Two classes of one colour: the second is made distinct.
    expect(colourDistance(colours[2] ?? '', '#9d6ca2')).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
  });

  it('gives a single structure’s own colour to the first segment, the palette to the others', () => {
    const single = { classes: new Map<number, string | null>(), own: '#dd8265' };
    expect(labelMapColours([1, 2], single, palette)).toEqual(['#dd8265', '#3cb44b']);
    expect(labelMapColours([1, 2], { ...single, own: null }, palette)).toEqual(['#e6194b', '#3cb44b']);
  });
});
