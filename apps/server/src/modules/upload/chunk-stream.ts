import { createHash, type Hash } from 'node:crypto';

export interface TappedChunk {
  /** The bytes to write, never more than `expected` (the next chunk's place in the file stays untouched). */
  bytes: AsyncIterable<Uint8Array>;
  /** After `bytes` is consumed: how many bytes came and, when asked for, the chunk's sha256 (hex). */
  result(): { length: number; sha256: string | null };
}

/** Thrown when a chunk holds more bytes than its header declared. */
export class ChunkTooLongError extends Error {}

/**
 * Passes a chunk's bytes through once, counting them, hashing the chunk when its sha256 is to be checked,
 * feeding the file's running hash when there is one, and stopping before a byte beyond the declared length.
 */
export function tapChunk(
  source: AsyncIterable<Uint8Array>,
  expected: number,
  opts: { hashChunk: boolean; fileHash: Hash | null },
): TappedChunk {
  const chunkHash = opts.hashChunk ? createHash('sha256') : null;
  const { fileHash } = opts;
  let length = 0;
  async function* bytes() {
    for await (const piece of source) {
      if (length + piece.length > expected) throw new ChunkTooLongError();
      length += piece.length;
      chunkHash?.update(piece);
      fileHash?.update(piece);
      yield piece;
    }
  }
  return { bytes: bytes(), result: () => ({ length, sha256: chunkHash?.digest('hex') ?? null }) };
}
