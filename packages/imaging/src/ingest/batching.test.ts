import { describe, expect, it } from 'vitest';
import { QUEUE_BATCH_BYTES, READ_GROUP_SIZE, queueBatches, readGroups } from './batching';

const sized = (...sizes: number[]) => sizes.map((size, i) => ({ name: `f${i}`, size }));
const sizesOf = (batches: { size: number }[][]) => batches.map((b) => b.map((f) => f.size));

describe('readGroups', () => {
  it('splits into groups of 50 by default, the last one shorter', () => {
    const groups = readGroups(Array.from({ length: 120 }, (_, i) => i));
    expect(READ_GROUP_SIZE).toBe(50);
    expect(groups.map((g) => g.length)).toEqual([50, 50, 20]);
    expect(groups.flat()).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });
  it('gives no group for no files and one group for fewer than the size', () => {
    expect(readGroups([])).toEqual([]);
    expect(readGroups([1, 2, 3])).toEqual([[1, 2, 3]]);
  });
  it('refuses a size that is not a positive integer', () => {
    expect(() => readGroups([1], 0)).toThrow(RangeError);
    expect(() => readGroups([1], 1.5)).toThrow(RangeError);
  });
});

describe('queueBatches', () => {
  it('uses the spec constant of 262144000 bytes', () => {
    expect(QUEUE_BATCH_BYTES).toBe(262144000);
  });
  it('fills a batch up to the limit and starts the next one after it', () => {
    expect(sizesOf(queueBatches(sized(40, 60, 1, 50, 50), 100))).toEqual([[40, 60], [1, 50], [50]]);
  });
  it('puts a file larger than a batch in a batch of its own', () => {
    expect(sizesOf(queueBatches(sized(10, 250, 10, 10), 100))).toEqual([[10], [250], [10, 10]]);
  });
  it('keeps input order and loses no file', () => {
    const files = sized(...Array.from({ length: 30 }, (_, i) => (i * 37) % 90));
    expect(queueBatches(files, 100).flat()).toEqual(files);
  });
  it('gives no batch for no files; empty files share a batch', () => {
    expect(queueBatches([], 100)).toEqual([]);
    expect(sizesOf(queueBatches(sized(0, 0, 0), 100))).toEqual([[0, 0, 0]]);
  });
});
