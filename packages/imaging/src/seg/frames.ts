import { sliceOf, voxelOfPixel, type PlacedInstance, type Triple } from './placement';

/**
 * A label volume on the NIfTI grid as the frames of a binary DICOM SEG, and back (docs/decisions/0067).
 * One frame per segment per referenced slice that holds any of its voxels; the frames' bits are packed
 * one after the other, the first pixel in the lowest bit (PS3.5 8.1.1, Bits Allocated 1).
 */
export interface SegFrame {
  /** 1-based, as in the SEG's Segment Sequence. */
  segmentNumber: number;
  placed: PlacedInstance;
}

export interface SegFrames {
  frames: SegFrame[];
  /** rows x columns bits per frame, in frame order. */
  pixelData: Uint8Array;
}

const packedBytes = (bits: number) => Math.ceil(bits / 8);
const byteLength = (bits: number) => {
  const bytes = packedBytes(bits);
  return bytes + (bytes % 2); // DICOM values have even lengths
};

/**
 * `values[n - 1]` is the label value of segment n. Segments are written in order, each on its slices in
 * grid order; a segment with no voxel has no frame.
 */
export function labelsToSegFrames(
  labels: ArrayLike<number>,
  dims: Triple,
  placed: readonly PlacedInstance[],
  values: readonly number[],
): SegFrames {
  const segmentOf = new Map(values.map((v, i) => [v, i + 1]));
  const bySlice = [...placed].sort((a, b) => sliceOf(a) - sliceOf(b));
  const perSegment = values.map(() => [] as { placed: PlacedInstance; bits: Uint8Array }[]);
  for (const at of bySlice) {
    const { rows, columns } = at.instance;
    const bitmaps = new Map<number, Uint8Array>();
    for (let row = 0; row < rows; row++)
      for (let column = 0; column < columns; column++) {
        const segment = segmentOf.get(labels[voxelOfPixel(at, dims, row, column)] ?? 0);
        if (segment === undefined) continue;
        let bits = bitmaps.get(segment);
        if (!bits) bitmaps.set(segment, (bits = new Uint8Array(packedBytes(rows * columns))));
        const pixel = row * columns + column;
        bits[pixel >> 3] = (bits[pixel >> 3] ?? 0) | (1 << (pixel & 7));
      }
    for (const [segment, bits] of bitmaps) perSegment[segment - 1]?.push({ placed: at, bits });
  }
  const frames = perSegment.flatMap((list, i) => list.map((f) => ({ segmentNumber: i + 1, ...f })));
  const first = placed[0]?.instance;
  const frameBits = first ? first.rows * first.columns : 0;
  const pixelData = new Uint8Array(byteLength(frames.length * frameBits));
  frames.forEach((frame, i) => {
    if (frameBits % 8 === 0) pixelData.set(frame.bits, (i * frameBits) / 8);
    else
      for (let pixel = 0; pixel < frameBits; pixel++)
        if (((frame.bits[pixel >> 3] ?? 0) >> (pixel & 7)) & 1) {
          const bit = i * frameBits + pixel;
          pixelData[bit >> 3] = (pixelData[bit >> 3] ?? 0) | (1 << (bit & 7));
        }
  });
  return {
    frames: frames.map(({ segmentNumber, placed: at }) => ({ segmentNumber, placed: at })),
    pixelData,
  };
}

export type SegLabels = { ok: true; labels: Uint16Array } | { ok: false; error: string };

export const OVERLAP = 'The SEG’s segments overlap';
export const SHORT_PIXEL_DATA = 'The SEG’s Pixel Data is shorter than its frames';

/**
 * The frames of a binary SEG as a label volume on the grid: each set bit takes its segment's value.
 * Refuses segments that overlap (a label map holds one segment per voxel, and dropping either would lose
 * voxels) and pixel data shorter than the frames.
 */
export function segFramesToLabels(
  frames: readonly SegFrame[],
  pixelData: Uint8Array,
  size: { rows: number; columns: number },
  dims: Triple,
  valueOf: (segmentNumber: number) => number,
): SegLabels {
  const frameBits = size.rows * size.columns;
  if (pixelData.byteLength < packedBytes(frames.length * frameBits))
    return { ok: false, error: `${SHORT_PIXEL_DATA}.` };
  const labels = new Uint16Array(dims[0] * dims[1] * dims[2]);
  let overlaps = 0;
  frames.forEach((frame, i) => {
    const value = valueOf(frame.segmentNumber);
    for (let row = 0; row < size.rows; row++)
      for (let column = 0; column < size.columns; column++) {
        const bit = i * frameBits + row * size.columns + column;
        if ((((pixelData[bit >> 3] ?? 0) >> (bit & 7)) & 1) === 0) continue;
        const voxel = voxelOfPixel(frame.placed, dims, row, column);
        const held = labels[voxel] ?? 0;
        if (held !== 0 && held !== value) overlaps++;
        else labels[voxel] = value;
      }
  });
  if (overlaps)
    return {
      ok: false,
      error: `${OVERLAP} at ${overlaps} voxels; a segmentation holds one segment per voxel.`,
    };
  return { ok: true, labels };
}
