import { SEGMENT_PALETTE } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { maskDatatype, nextSegment, segValues } from './segment-rules';

describe('nextSegment', () => {
  it('starts at Part 1, value 1, the first colour', () => {
    expect(nextSegment([])).toEqual({ sort: 1, value: 1, title: 'Part 1', color: SEGMENT_PALETTE[0] });
  });

  it('takes the highest sort plus one, counting deleted segments, so a value is never reused', () => {
    const next = nextSegment([
      { sort: 1, deleted: false },
      { sort: 4, deleted: true },
      { sort: 2, deleted: false },
    ]);
    expect(next).toMatchObject({ sort: 5, value: 5, title: 'Part 5', color: SEGMENT_PALETTE[3] });
  });

  it('cycles the 13 colours by the number of segments', () => {
    expect(SEGMENT_PALETTE).toHaveLength(13);
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ sort: i + 1, deleted: false }));
    expect(nextSegment(thirteen).color).toBe(SEGMENT_PALETTE[0]);
    expect(nextSegment([...thirteen, { sort: 14, deleted: false }]).color).toBe(SEGMENT_PALETTE[1]);
  });

  it('refuses a value a mask cannot hold', () => {
    expect(() => nextSegment([{ sort: 65_535, deleted: false }])).toThrow(RangeError);
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
