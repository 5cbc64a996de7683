import { describe, expect, it } from 'vitest';
import { dicomLabToHex, hexToDicomLab } from './cielab';
import { labelsToSegFrames, OVERLAP, segFramesToLabels } from './frames';
import {
  firstPerSlice,
  NOT_COVERED,
  OFF_GRID,
  placeInstances,
  sliceOf,
  type SourceInstance,
  type Triple,
} from './placement';

const DIMS: Triple = [5, 3, 4]; // columns, rows, slices

/** Axial instances of a 5 x 3 x 4 grid at 1 mm, slice k at z = k (listed in `order`). */
function axial(order = [0, 1, 2, 3], shift = 0): SourceInstance[] {
  return order.map((k) => ({
    sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
    sopInstanceUid: `1.2.3.${k}`,
    rows: 3,
    columns: 5,
    imagePositionPatient: [shift, 0, k],
    imageOrientationPatient: [1, 0, 0, 0, 1, 0],
    pixelSpacing: [1, 1],
  }));
}

/** RAS = (-i, -j, k): the grid is the DICOM pixel order. */
const PLAIN = [
  [-1, 0, 0, 0],
  [0, -1, 0, 0],
  [0, 0, 1, 0],
];
/** dcm2niix's usual flip: NIfTI row j is DICOM row (rows - 1 - j), and slices run from the top down. */
const FLIPPED = [
  [-1, 0, 0, 0],
  [0, 1, 0, -2],
  [0, 0, -1, 3],
];

const labelsOf = (values: number[]) =>
  Uint16Array.from({ length: 60 }, (_, i) => values[i % values.length] ?? 0);

describe('placing DICOM instances on a NIfTI grid', () => {
  it('keeps the first image of each slice of a 4D series (one a volume at each position)', () => {
    const second = axial([3, 2, 1, 0]).map((i) => ({ ...i, sopInstanceUid: `${i.sopInstanceUid}.2` }));
    const placed = placeInstances(PLAIN, DIMS, [...axial(), ...second]);
    if (!placed.ok) throw new Error(placed.error);
    const kept = firstPerSlice(placed.placed);
    expect(kept.map((p) => [sliceOf(p), p.instance.sopInstanceUid])).toEqual([
      [0, '1.2.3.0'],
      [1, '1.2.3.1'],
      [2, '1.2.3.2'],
      [3, '1.2.3.3'],
    ]);
  });

  it('follows the DICOM pixel order when the grid does', () => {
    const placed = placeInstances(PLAIN, DIMS, axial());
    expect(placed.ok && placed.placed.map((p) => [p.origin, p.columnStep, p.rowStep])).toEqual(
      [0, 1, 2, 3].map((k) => [
        [0, 0, k],
        [1, 0, 0],
        [0, 1, 0],
      ]),
    );
  });

  it('follows flipped rows and a reversed slice order, whatever order the instances come in', () => {
    const placed = placeInstances(FLIPPED, DIMS, axial([2, 0, 3, 1]));
    expect(placed.ok && placed.placed.map((p) => [p.origin, p.rowStep])).toEqual([
      [
        [0, 2, 1],
        [0, -1, 0],
      ],
      [
        [0, 2, 3],
        [0, -1, 0],
      ],
      [
        [0, 2, 0],
        [0, -1, 0],
      ],
      [
        [0, 2, 2],
        [0, -1, 0],
      ],
    ]);
  });

  it('refuses pixels between voxels and slices no instance covers', () => {
    expect(placeInstances(PLAIN, DIMS, axial([0, 1, 2, 3], 0.5))).toEqual({
      ok: false,
      error: expect.stringContaining(OFF_GRID),
    });
    expect(placeInstances(PLAIN, DIMS, axial([0, 1, 3]))).toEqual({
      ok: false,
      error: `${NOT_COVERED}.`,
    });
  });
});

describe('label volumes as binary SEG frames', () => {
  const placedOn = (affine: number[][]) => {
    const placed = placeInstances(affine, DIMS, axial([3, 1, 0, 2]));
    if (!placed.ok) throw new Error(placed.error);
    return placed.placed;
  };

  it.each([
    ['plain', PLAIN],
    ['flipped', FLIPPED],
  ])('round-trips every voxel on a %s grid, frames of the empty segment left out', (_, affine) => {
    const placed = placedOn(affine);
    const labels = labelsOf([0, 3, 7, 0, 7, 3, 3]);
    const values = [3, 7, 9];
    const { frames, pixelData } = labelsToSegFrames(labels, DIMS, placed, values);
    expect(frames.map((f) => f.segmentNumber)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    // 15 bits per frame: frames are packed across byte boundaries, then padded to an even length.
    expect(pixelData.byteLength).toBe(16);
    const back = segFramesToLabels(
      frames,
      pixelData,
      { rows: 3, columns: 5 },
      DIMS,
      (n) => values[n - 1] ?? 0,
    );
    expect(back.ok && [...back.labels]).toEqual([...labels]);
  });

  it('writes the first pixel of a frame in the lowest bit, frame by frame in slice order', () => {
    const placed = placedOn(PLAIN);
    const labels = new Uint16Array(60);
    labels[0] = 1; // slice 0, row 0, column 0
    labels[15 + 1] = 1; // slice 1, row 0, column 1
    const { frames, pixelData } = labelsToSegFrames(labels, DIMS, placed, [1]);
    expect(frames.map((f) => f.placed.instance.sopInstanceUid)).toEqual(['1.2.3.0', '1.2.3.1']);
    // Frame 0 bit 0; frame 1 starts at bit 15, its pixel 1 is bit 16.
    expect([...pixelData]).toEqual([1, 0, 1, 0]);
  });

  it('has no frame at all when every segment is empty', () => {
    const { frames, pixelData } = labelsToSegFrames(new Uint16Array(60), DIMS, placedOn(PLAIN), [1, 2]);
    expect(frames).toEqual([]);
    expect(pixelData.byteLength).toBe(0);
  });

  it('refuses overlapping segments rather than dropping voxels of one', () => {
    const placed = placedOn(PLAIN);
    const [slice] = placed;
    if (!slice) throw new Error('no slice');
    const frames = [
      { segmentNumber: 1, placed: slice },
      { segmentNumber: 2, placed: slice },
    ];
    const pixelData = new Uint8Array([0b11, 0b1000_0000, 0, 0]); // frame 1 pixel 0 and frame 2 pixel 0 (bit 15)
    const read = segFramesToLabels(frames, pixelData, { rows: 3, columns: 5 }, DIMS, (n) => n);
    expect(read).toEqual({ ok: false, error: expect.stringContaining(OVERLAP) });
    expect(read.ok || read.error).toContain('at 1 voxels');
  });
});

describe('segment colours as CIELab', () => {
  it('keeps every 8-bit colour through a round trip', () => {
    for (let i = 0; i < 4096; i++) {
      const hex = `#${((i * 4099 * 997) % 0xffffff).toString(16).padStart(6, '0')}`;
      expect(dicomLabToHex(hexToDicomLab(hex))).toBe(hex);
    }
    expect(dicomLabToHex(hexToDicomLab('#ffffff'))).toBe('#ffffff');
    expect(dicomLabToHex(hexToDicomLab('#000000'))).toBe('#000000');
  });

  it('writes white as L 100, a 0, b 0', () => {
    const [l, a, b] = hexToDicomLab('#ffffff');
    expect(l).toBe(65535);
    expect(Math.abs(a - 32896)).toBeLessThan(3);
    expect(Math.abs(b - 32896)).toBeLessThan(3);
  });
});
