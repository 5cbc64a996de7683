/**
 * Bytes as they arrive, held as the chunks they came in: searched across chunk edges and taken from the
 * front without joining the chunks first, so a long part received in many chunks is copied once.
 */
export class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;
  /** The first chunk that ends after where the last search began, and its offset: a search that goes on
   * from there (a long part arriving chunk by chunk) does not walk the chunks before it again. Reset when
   * bytes are dropped. */
  private cursor = { index: 0, offset: 0 };

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first offset at or after `from` where `pattern` starts, or -1. */
  indexOf(pattern: Buffer, from = 0): number {
    if (from < this.cursor.offset) this.cursor = { index: 0, offset: 0 };
    let offset = this.cursor.offset;
    for (let index = this.cursor.index; index < this.chunks.length; index++) {
      const chunk = this.chunks[index] as Buffer;
      const end = offset + chunk.length;
      if (end <= from) this.cursor = { index: index + 1, offset: end };
      else {
        const start = Math.max(0, from - offset);
        const inside = chunk.indexOf(pattern, start);
        if (inside >= 0) return offset + inside;
        // A match that starts in this chunk and ends in a later one.
        const edge = Math.max(offset + start, end - pattern.length + 1);
        const across = this.copy(edge, end - edge + pattern.length - 1, { index, offset }).indexOf(pattern);
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
    this.cursor = { index: 0, offset: 0 };
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

  /** Bytes `from` to `from + count` (fewer at the end): a view when they lie in one chunk. `start` is a
   * chunk at or before `from`, and its offset. */
  private copy(from: number, count: number, start = { index: 0, offset: 0 }): Buffer {
    const pieces: Buffer[] = [];
    let offset = start.offset;
    for (let index = start.index; index < this.chunks.length && count > 0; index++) {
      const chunk = this.chunks[index] as Buffer;
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
