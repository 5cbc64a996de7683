import { SEGMENT_PALETTE } from '@voxa/contracts';
import { colourDistance, SAME_COLOUR_DISTANCE } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { maskDatatype, nextSegment, segValues } from './segment-rules';

describe('nextSegment', () => {
  const made = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ sort: i + 1, deleted: false, color: SEGMENT_PALETTE[i] ?? '' }));

  it('starts at Part 1, value 1, the first colour', () => {
    expect(nextSegment([])).toEqual({ sort: 1, value: 1, title: 'Part 1', color: SEGMENT_PALETTE[0] });
  });

  it('takes the highest sort plus one, counting deleted segments, so a value is never reused', () => {
    const next = nextSegment([
      { sort: 1, deleted: false, color: SEGMENT_PALETTE[0] },
      { sort: 4, deleted: true, color: SEGMENT_PALETTE[1] },
      { sort: 2, deleted: false, color: SEGMENT_PALETTE[2] },
    ]);
    expect(next).toMatchObject({ sort: 5, value: 5, title: 'Part 5', color: SEGMENT_PALETTE[3] });
  });

  it('gives the first 13 segments made by hand the 13 colours of the palette, in order', () => {
    expect(SEGMENT_PALETTE).toHaveLength(13);
    const colours = [];
    for (let n = 0; n < 13; n++) colours.push(nextSegment(made(n)).color);
    expect(colours).toEqual([...SEGMENT_PALETTE]);
  });

  it('gives segments past the palette colours apart from every live one', () => {
    const segments = made(13);
    for (let n = 13; n < 40; n++) {
      const { sort, color } = nextSegment(segments);
      const nearest = Math.min(...segments.map((s) => colourDistance(color, s.color)));
      expect(nearest).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
      segments.push({ sort, deleted: false, color });
    }
  });

  it('gives a colour apart when the palette’s is one a live segment has (an imported one, recoloured)', () => {
    const next = nextSegment([{ sort: 1, deleted: false, color: SEGMENT_PALETTE[1] }]);
    expect(next.color).not.toBe(SEGMENT_PALETTE[1]);
    expect(colourDistance(next.color, SEGMENT_PALETTE[1])).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
    // A deleted segment's colour is free again.
    expect(nextSegment([{ sort: 1, deleted: true, color: SEGMENT_PALETTE[1] }]).color).toBe(
      SEGMENT_PALETTE[1],
    );
  });

  it('refuses a value a mask cannot hold', () => {
    expect(() => nextSegment([{ sort: 65_535, deleted: false, color: '#000000' }])).toThrow(RangeError);
  });
});

describe('maskDatatype', () => {
  it('is uint8 up to 255 and uint16 above', () => {
    expect(maskDatatype([])).toBe('uint8');
    expect(maskDatatype([1, 255])).toBe('uint8');
    expect(maskDatatype([3, 256])).toBe('uint16');
  });
});

describe('segValues', () => {
  const classes = new Map([
    ['liver', 5],
    ['spleen', 1],
  ]);

  it('gives a segment named like a class that class’s value, whatever its number', () => {
    const values = segValues(
      [
        { number: 1, label: 'Liver' },
        { number: 2, label: 'spleen ' },
      ],
      classes,
    );
    expect(values && [...values]).toEqual([
      [1, 5],
      [2, 1],
    ]);
  });

  it('gives the others their segment number, else the next value above every one given', () => {
    const values = segValues(
      [
        { number: 1, label: 'Tumour' },
        { number: 2, label: 'Liver' },
        { number: 5, label: 'Cyst' },
      ],
      classes,
    );
    expect(values && [...values]).toEqual([
      [2, 5],
      [1, 1],
      [5, 6],
    ]);
  });

  it('refuses values a mask cannot hold', () => {
    expect(segValues([{ number: 70_000, label: 'Far' }], classes)).toBeNull();
  });
});
