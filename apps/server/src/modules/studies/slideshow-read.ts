import { open, type FileHandle } from 'node:fs/promises';
import { isGzip, parseNifti, rangeSampleStep } from '@voxa/imaging';
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

/**
 * A stored NIfTI as the slideshow reads it: a buffer of the file's size in which only what it draws is
 * read: the header, the frames' slices and the voxels the display range samples. The rest stays zero
 * pages the system never maps, so a 1 GB CT costs a pass through a 16 MB buffer instead of a 1 GB
 * allocation, and the frames are those the whole file gives. A gzipped or unreadable file is read whole
 * (its error then comes from the parse, as before).
 */
export async function readForSlideshow(file: string, chunkBytes = CHUNK_BYTES): Promise<ArrayBuffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const whole = new ArrayBuffer(size);
    const bytes = new Uint8Array(whole);
    await readInto(handle, bytes, 0, Math.min(size, HEAD_BYTES));
    const parsed = isGzip(bytes.subarray(0, 2)) ? null : parseNifti(whole);
    if (!parsed?.ok) {
      await readInto(handle, bytes, 0, size);
      return whole;
    }
    const { header, raw } = parsed;
    const start = Number(raw.vox_offset);
    const voxelBytes = raw.numBitsPerVoxel / 8;
    const sliceBytes = header.width * header.height * voxelBytes;
    await readInto(handle, bytes, Math.min(size, HEAD_BYTES), start);
    for (const slice of slideshowSlices(header.slices))
      await readInto(handle, bytes, start + slice * sliceBytes, start + (slice + 1) * sliceBytes);
    await readSamples(
      handle,
      bytes,
      { start, voxelBytes, chunkBytes },
      header.width * header.height * header.slices,
    );
    return whole;
  } finally {
    await handle.close();
  }
}

/** The voxels of the display range's sample (every `rangeSampleStep`-th), read a chunk at a time. */
async function readSamples(
  handle: FileHandle,
  bytes: Uint8Array,
  { start, voxelBytes, chunkBytes }: { start: number; voxelBytes: number; chunkBytes: number },
  voxels: number,
): Promise<void> {
  const step = rangeSampleStep(voxels);
  const end = start + voxels * voxelBytes;
  // Whole voxels per chunk, so none straddles two.
  const chunk = new Uint8Array(Math.min(chunkBytes - (chunkBytes % voxelBytes), end - start));
  let index = 0;
  for (let at = start; at < end && index < voxels; at += chunk.length) {
    const bytesRead = await readAt(handle, chunk, 0, at, Math.min(chunk.length, end - at));
    if (bytesRead === 0) return;
    for (; index < voxels; index += step) {
      const offset = start + index * voxelBytes - at;
      if (offset + voxelBytes > bytesRead) break;
      bytes.set(chunk.subarray(offset, offset + voxelBytes), at + offset);
    }
  }
}
