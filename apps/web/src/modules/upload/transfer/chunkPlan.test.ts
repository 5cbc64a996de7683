import { UPLOAD_LIMITS } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { chunkBounds, fileIdOf, heldBytes, missingChunks, planChunks } from './chunkPlan';

const MIN = UPLOAD_LIMITS.minChunkBytes;

describe('planChunks', () => {
  it('cuts a file in chunks of the size asked, the last one short', () => {
    const plan = planChunks(2 * MIN + 5, MIN);
    expect(plan).toEqual({ size: 2 * MIN + 5, chunkSize: MIN, count: 3 });
    expect([0, 1, 2].map((i) => chunkBounds(plan, i))).toEqual([
      { start: 0, end: MIN },
      { start: MIN, end: 2 * MIN },
      { start: 2 * MIN, end: 2 * MIN + 5 },
    ]);
  });

  it('never goes under the 2 MB minimum, and defaults to 8 MB', () => {
    expect(planChunks(10 * MIN, 1000).chunkSize).toBe(MIN);
    expect(planChunks(10 * MIN).chunkSize).toBe(UPLOAD_LIMITS.defaultChunkBytes);
  });

  it('gives an empty file one empty chunk, and a small one a single chunk', () => {
    expect(planChunks(0)).toMatchObject({ count: 1 });
    expect(chunkBounds(planChunks(0), 0)).toEqual({ start: 0, end: 0 });
    expect(planChunks(MIN, MIN).count).toBe(1);
  });

  it('refuses impossible sizes and chunk indices', () => {
    expect(() => planChunks(-1)).toThrow(RangeError);
    expect(() => planChunks(1.5)).toThrow(RangeError);
    expect(() => chunkBounds(planChunks(10), 1)).toThrow(RangeError);
  });
});

describe('missingChunks and heldBytes', () => {
  const plan = planChunks(3 * MIN + 1, MIN);

  it('lists the chunks the server lacks, ascending', () => {
    expect(missingChunks(plan, [])).toEqual([0, 1, 2, 3]);
    expect(missingChunks(plan, [3, 1])).toEqual([0, 2]);
    expect(missingChunks(plan, [0, 1, 2, 3])).toEqual([]);
  });

  it('counts the bytes held, ignoring repeats and unknown indices', () => {
    expect(heldBytes(plan, [3, 3, 9, -1])).toBe(1);
    expect(heldBytes(plan, [0, 3])).toBe(MIN + 1);
  });
});

describe('fileIdOf', () => {
  it('is stable for the same path, size and date, and differs otherwise', () => {
    const id = fileIdOf('study/a.dcm', 10, 1700000000000);
    expect(id).toMatch(/^f[0-9a-f]{28}$/);
    expect(fileIdOf('study/a.dcm', 10, 1700000000000)).toBe(id);
    expect(
      new Set([
        id,
        fileIdOf('study/b.dcm', 10, 1700000000000),
        fileIdOf('study/a.dcm', 11, 1700000000000),
        fileIdOf('study/a.dcm', 10, 1700000000001),
      ]).size,
    ).toBe(4);
  });
});
