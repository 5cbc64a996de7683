import { open, type FileHandle } from 'node:fs/promises';
import {
  isGzip,
  niftiVoxelDecoder,
  parseNifti,
  rangeSampleStep,
  sampleDisplayRange,
  type NiftiVoxelDecoder,
} from '@voxa/imaging';
import { slideshowSlices } from './slideshow-frames';

/** Enough for any header with its extensions as dcm2niix writes them; more is read when vox_offset says. */
const HEAD_BYTES = 65_536;
/** The first volume is read through a buffer of this size, reused, for the voxels the range samples. */
const CHUNK_BYTES = 16 * 2 ** 20;

/** Reads `length` bytes at `position` into `into` at `offset`; answers how many there were. */
async function readAt(
  handle: FileHandle,
  into: Uint8Array,
  offset: number,
  position: number,
  length: number,
) {
  let got = 0;
  while (got < length) {
    const { bytesRead } = await handle.read(into, offset + got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got;
}

/** The file's bytes from `start` to `end` at the same place in `bytes`. */
const readInto = (handle: FileHandle, bytes: Uint8Array, start: number, end: number) =>
  end > start ? readAt(handle, bytes, start, start, end - start) : Promise.resolve(0);

/** What the slideshow draws from: the file's bytes as far as it reads them, and the range its sample gives. */
export interface SlideshowRead {
  /** The file's size; only the header and the frames' slices are read (all of it when read whole). */
  bytes: ArrayBuffer;
  /** The display range of the first volume's sample (`sampleDisplayRange`); null when not sampled. */
  sampleRange: [number, number] | null;
}

/**
 * A stored NIfTI as the slideshow reads it: a buffer of the file's size in which only what it draws is
 * read (the header and the frames' slices), and the range of the voxels the display range samples,
 * decoded as they pass through a reused buffer. The rest stays zero pages the system never maps (a
 * sample written there would map one page each: 65,536 of them), so a 1 GB CT costs a pass through a
 * 16 MB buffer instead of a 1 GB allocation, and the frames and range are those the whole file gives. A
 * gzipped or unreadable file is read whole (its error then comes from the parse, as before).
 */
export async function readForSlideshow(file: string, chunkBytes = CHUNK_BYTES): Promise<SlideshowRead> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const whole = new ArrayBuffer(size);
    const bytes = new Uint8Array(whole);
    await readInto(handle, bytes, 0, Math.min(size, HEAD_BYTES));
    const parsed = isGzip(bytes.subarray(0, 2)) ? null : parseNifti(whole);
    if (!parsed?.ok) {
      await readInto(handle, bytes, 0, size);
      return { bytes: whole, sampleRange: null };
    }
    // A datatype it cannot draw: the header is enough for the volume's read to say so.
    const decoder = niftiVoxelDecoder(parsed);
    if (!decoder) return { bytes: whole, sampleRange: null };
    const { header, raw } = parsed;
    const start = Number(raw.vox_offset);
    const sliceBytes = header.width * header.height * decoder.bytes;
    await readInto(handle, bytes, Math.min(size, HEAD_BYTES), start);
    for (const slice of slideshowSlices(header.slices))
      await readInto(handle, bytes, start + slice * sliceBytes, start + (slice + 1) * sliceBytes);
    const sample = await readSample(
      handle,
      decoder,
      { start, chunkBytes },
      header.width * header.height * header.slices,
    );
    return { bytes: whole, sampleRange: sampleDisplayRange(sample) };
  } finally {
    await handle.close();
  }
}

/** The values of the display range's sample (every `rangeSampleStep`-th voxel), read a chunk at a time. */
async function readSample(
  handle: FileHandle,
  decoder: NiftiVoxelDecoder,
  { start, chunkBytes }: { start: number; chunkBytes: number },
  voxels: number,
): Promise<number[]> {
  const step = rangeSampleStep(voxels);
  const end = start + voxels * decoder.bytes;
  // Whole voxels per chunk, so none straddles two.
  const chunk = new Uint8Array(Math.min(chunkBytes - (chunkBytes % decoder.bytes), end - start));
  const view = new DataView(chunk.buffer);
  const values: number[] = [];
  let index = 0;
  for (let at = start; at < end && index < voxels; at += chunk.length) {
    const bytesRead = await readAt(handle, chunk, 0, at, Math.min(chunk.length, end - at));
    if (bytesRead === 0) break;
    for (; index < voxels; index += step) {
      const offset = start + index * decoder.bytes - at;
      if (offset + decoder.bytes > bytesRead) break;
      values.push(decoder.value(view, offset));
    }
  }
  return values;
}
