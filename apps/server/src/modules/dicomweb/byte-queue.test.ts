import { describe, expect, it } from 'vitest';
import { ByteQueue } from './byte-queue';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
}

describe('ByteQueue', () => {
  it('finds what Buffer.indexOf finds in the joined bytes, whatever the chunks and the order of searches', () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const bytes = Buffer.from(
        Array.from({ length: 300 }, () => 'ab\r\n-'.charCodeAt(Math.floor(next() * 5))),
      );
      const queue = new ByteQueue();
      for (let at = 0; at < bytes.length;) {
        const size = 1 + Math.floor(next() * 20);
        queue.push(bytes.subarray(at, at + size));
        at += size;
      }
      let dropped = 0;
      for (let search = 0; search < 20; search++) {
        const pattern = Buffer.from(['\r\n--', 'ab', '-\r', 'b\r\na'][search % 4] as string);
        const from = Math.floor(next() * (queue.length + 4));
        const joined = bytes.subarray(dropped);
        const expected = joined.indexOf(pattern, Math.min(from, joined.length));
        expect(queue.indexOf(pattern, from), `round ${round}, search ${search}`).toBe(
          from > joined.length ? -1 : expected,
        );
        if (search % 7 === 6) {
          const count = Math.floor(next() * 10);
          expect(queue.take(count)).toEqual(joined.subarray(0, count));
          dropped += Math.min(count, joined.length);
        }
      }
    }
  });

  it('gives the byte at an offset across chunks, and undefined past the end', () => {
    const queue = new ByteQueue();
    queue.push(Buffer.from('ab'));
    queue.push(Buffer.alloc(0));
    queue.push(Buffer.from('cd'));
    expect([0, 1, 2, 3, 4].map((i) => queue.at(i))).toEqual([97, 98, 99, 100, undefined]);
  });
});
