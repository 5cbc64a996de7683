/**
 * Bytes as they arrive, held as the chunks they came in: searched across chunk edges and taken from the
 * front without joining the chunks first, so a long part received in many chunks is copied once.
 */
export class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first offset at or after `from` where `pattern` starts, or -1. */
  indexOf(pattern: Buffer, from = 0): number {
    let offset = 0;
    for (const chunk of this.chunks) {
      const end = offset + chunk.length;
      if (end > from) {
        const start = Math.max(0, from - offset);
        const inside = chunk.indexOf(pattern, start);
        if (inside >= 0) return offset + inside;
        // A match that starts in this chunk and ends in a later one.
        const edge = Math.max(offset + start, end - pattern.length + 1);
        const across = this.copy(edge, end - edge + pattern.length - 1).indexOf(pattern);
        if (across >= 0) return edge + across;
      }
      offset = end;
    }
    return -1;
  }

  /** The byte at `offset`, or undefined past the end. */
  at(offset: number): number | undefined {
    for (const chunk of this.chunks) {
      if (offset < chunk.length) return chunk[offset];
      offset -= chunk.length;
    }
    return undefined;
  }

  /** The first `count` bytes, removed: a view when they lie in one chunk, else one copy. */
  take(count: number): Buffer {
    const taken = this.copy(0, count);
    this.skip(count);
    return taken;
  }

  /** Drops the first `count` bytes. */
  skip(count: number): void {
    this.length -= count;
    while (count > 0) {
      const first = this.chunks[0];
      if (!first) return;
      if (first.length > count) {
        this.chunks[0] = first.subarray(count);
        return;
      }
      this.chunks.shift();
      count -= first.length;
    }
  }

  /** Bytes `from` to `from + count` (fewer at the end): a view when they lie in one chunk. */
  private copy(from: number, count: number): Buffer {
    const pieces: Buffer[] = [];
    let offset = 0;
    for (const chunk of this.chunks) {
      if (count <= 0) break;
      const end = offset + chunk.length;
      if (end > from) {
        const piece = chunk.subarray(Math.max(0, from - offset), Math.max(0, from - offset) + count);
        pieces.push(piece);
        count -= piece.length;
        from += piece.length;
      }
      offset = end;
    }
    return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  }
}
