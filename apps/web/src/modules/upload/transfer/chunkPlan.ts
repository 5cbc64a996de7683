import { UPLOAD_LIMITS } from '@voxa/contracts';

/** How a file is cut: every chunk `chunkSize` bytes long but the last; an empty file has one empty chunk. */
export interface ChunkPlan {
  size: number;
  chunkSize: number;
  count: number;
}

/** The plan of a file of `size` bytes; the chunk size never goes under the protocol's minimum. */
export function planChunks(size: number, chunkSize: number = UPLOAD_LIMITS.defaultChunkBytes): ChunkPlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Bad file size ${size}`);
  const chunk = Math.max(UPLOAD_LIMITS.minChunkBytes, Math.floor(chunkSize));
  return { size, chunkSize: chunk, count: Math.max(1, Math.ceil(size / chunk)) };
}

/** Byte range [start, end) of one chunk. */
export function chunkBounds(plan: ChunkPlan, index: number): { start: number; end: number } {
  if (!Number.isInteger(index) || index < 0 || index >= plan.count) throw new RangeError(`No chunk ${index}`);
  const start = index * plan.chunkSize;
  return { start, end: Math.min(plan.size, start + plan.chunkSize) };
}

/** The chunks still to send, ascending, given those the server holds. */
export function missingChunks(plan: ChunkPlan, received: Iterable<number>): number[] {
  const held = new Set(received);
  const missing: number[] = [];
  for (let i = 0; i < plan.count; i += 1) if (!held.has(i)) missing.push(i);
  return missing;
}

/** Bytes of the chunks held (for progress after a resume). */
export function heldBytes(plan: ChunkPlan, received: Iterable<number>): number {
  let total = 0;
  for (const index of new Set(received)) {
    if (index < 0 || index >= plan.count) continue;
    const { start, end } = chunkBounds(plan, index);
    total += end - start;
  }
  return total;
}

/** 53-bit string hash (cyrb53): fast, pure, and the same in every browser; not for secrets. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The id a file keeps across reloads: from its path, size and lastModified, so picking the same files
 * again after a reload finds what the server already holds. Needs no crypto.subtle (plain http hosts).
 */
export function fileIdOf(path: string, size: number, lastModified: number): string {
  const key = `${path}\n${size}\n${lastModified}`;
  return `f${hash53(key, 1).toString(16).padStart(14, '0')}${hash53(key, 2).toString(16).padStart(14, '0')}`;
}
