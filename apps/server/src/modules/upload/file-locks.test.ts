import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChunkMismatchError, ChunkTooLongError, tapChunk } from './chunk-stream';
import { createKeyedLock, createRunningHashes } from './file-locks';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
async function* pieces(...texts: string[]) {
  for (const text of texts) yield Buffer.from(text);
}
async function consume(bytes: AsyncIterable<Uint8Array>) {
  let text = '';
  for await (const piece of bytes) text += Buffer.from(piece).toString();
  return text;
}

describe('createKeyedLock', () => {
  it('runs the tasks of one key one after another, and of other keys alongside', async () => {
    const withLock = createKeyedLock();
    const order: string[] = [];
    const task = (name: string, ms: number) => async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name} end`);
      return name;
    };
    const failing = withLock(1, async () => {
      throw new Error('boom');
    }).catch((error: Error) => error.message);
    const results = await Promise.all([
      withLock(1, task('a', 20)),
      withLock(1, task('b', 1)),
      withLock(2, task('c', 1)),
    ]);
    expect(await failing).toBe('boom');
    expect(results).toEqual(['a', 'b', 'c']);
    expect(order.indexOf('a end')).toBeLessThan(order.indexOf('b start'));
    expect(order.indexOf('c end')).toBeLessThan(order.indexOf('a end'));
  });
});

describe('createRunningHashes', () => {
  it('gives the file digest when every chunk went through in order', () => {
    const hashes = createRunningHashes();
    hashes.take(7, 0)?.update('ab');
    hashes.advance(7, 0);
    hashes.take(7, 1)?.update('cd');
    hashes.advance(7, 1);
    expect(hashes.finish(7, 2)).toBe(sha('abcd'));
    expect(hashes.finish(7, 2)).toBeNull();
  });

  it('gives nothing after a chunk out of order or a failed one', () => {
    const hashes = createRunningHashes();
    hashes.take(1, 0)?.update('ab');
    hashes.advance(1, 0);
    expect(hashes.take(1, 2)).toBeNull();
    hashes.take(2, 0)?.update('a');
    hashes.drop(2);
    expect(hashes.take(2, 1)).toBeNull();
    expect(hashes.finish(2, 2)).toBeNull();
  });
});

describe('tapChunk', () => {
  it('passes bytes through, counting and hashing them', async () => {
    const tap = tapChunk(pieces('he', 'llo'), 5, { index: 0, hashChunk: true, fileHash: null });
    expect(await consume(tap.bytes)).toBe('hello');
    expect(tap.result()).toEqual({ length: 5, sha256: sha('hello') });
    const unhashed = tapChunk(pieces('hi'), 2, { index: 0, hashChunk: false, fileHash: null });
    await consume(unhashed.bytes);
    expect(unhashed.result()).toEqual({ length: 2, sha256: null });
  });

  it('fails at the end of a chunk that is short or not the declared sha256', async () => {
    const short = tapChunk(pieces('hi'), 5, { index: 3, hashChunk: false, fileHash: null });
    await expect(consume(short.bytes)).rejects.toThrow(
      new ChunkMismatchError('Chunk 3 has 2 bytes, 5 declared.'),
    );
    const checked = { index: 0, hashChunk: false, fileHash: null, sha256: sha('hello') };
    await expect(consume(tapChunk(pieces('hello'), 5, checked).bytes)).resolves.toBe('hello');
    await expect(consume(tapChunk(pieces('jello'), 5, checked).bytes)).rejects.toThrow(ChunkMismatchError);
  });

  it('stops before a byte beyond the declared length', async () => {
    const written: string[] = [];
    const tap = tapChunk(pieces('abc', 'def'), 4, { index: 0, hashChunk: false, fileHash: null });
    await expect(
      (async () => {
        for await (const piece of tap.bytes) written.push(Buffer.from(piece).toString());
      })(),
    ).rejects.toThrow(ChunkTooLongError);
    expect(written).toEqual(['abc']);
  });
});
