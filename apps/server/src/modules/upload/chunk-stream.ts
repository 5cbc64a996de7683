import { createHash, type Hash } from 'node:crypto';

export interface TappedChunk {
  /**
   * The bytes to write, never more than `expected` (the next chunk's place in the file stays untouched);
   * it fails at its end when the chunk is short or its sha256 is not the declared one, so a write fed
   * with it fails before anything is kept.
   */
  bytes: AsyncIterable<Uint8Array>;
  /** After `bytes` is consumed: how many bytes came and, when asked for, the chunk's sha256 (hex). */
  result(): { length: number; sha256: string | null };
}

/** Thrown when a chunk holds more bytes than its header declared. */
export class ChunkTooLongError extends Error {}

/** Thrown at the end of a chunk shorter than declared, or whose sha256 is not the declared one. */
export class ChunkMismatchError extends Error {}

/**
 * Passes a chunk's bytes through once, counting them, hashing the chunk when asked (`hashChunk`, or a
 * declared `sha256` to check), feeding the file's running hash when there is one, and stopping before a
 * byte beyond the declared length.
 */
export function tapChunk(
  source: AsyncIterable<Uint8Array>,
  expected: number,
  opts: { index: number; sha256?: string; hashChunk: boolean; fileHash: Hash | null },
): TappedChunk {
  const chunkHash = opts.hashChunk || opts.sha256 ? createHash('sha256') : null;
  const { fileHash } = opts;
  let length = 0;
  let sha256: string | null = null;
  async function* bytes() {
    for await (const piece of source) {
      if (length + piece.length > expected) throw new ChunkTooLongError();
      length += piece.length;
      chunkHash?.update(piece);
      fileHash?.update(piece);
      yield piece;
    }
    if (length !== expected)
      throw new ChunkMismatchError(`Chunk ${opts.index} has ${length} bytes, ${expected} declared.`);
    sha256 = chunkHash?.digest('hex') ?? null;
    if (opts.sha256 && sha256 !== opts.sha256)
      throw new ChunkMismatchError(`Chunk ${opts.index} does not match its sha256; send it again.`);
  }
  return { bytes: bytes(), result: () => ({ length, sha256 }) };
}
