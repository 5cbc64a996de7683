import { describe, expect, it } from 'vitest';
import { paintStroke } from './brush';
import { applyChange, changeBytes, ChangeRecorder, mergeChanges, revertChange } from './change-record';
import { blankVolume } from './test-volume';
import { paintRule } from './write-rule';

describe('ChangeRecorder', () => {
  it('writes, remembers old values in the mask type, and grows past its first blocks', () => {
    const data = new Uint16Array(5000).fill(7);
    const recorder = new ChangeRecorder(data, 300);
    for (let i = 0; i < 5000; i += 2) recorder.write(i, data[i]!);
    const change = recorder.finish();
    expect(change.indices.length).toBe(2500);
    expect(change.indices.every((index, k) => index === 2 * k)).toBe(true);
    expect(change.oldValues).toBeInstanceOf(Uint16Array);
    expect(change.oldValues.every((v) => v === 7)).toBe(true);
    expect(data[4998]).toBe(300);
    expect(changeBytes(change)).toBe(2500 * 4 + 2500 * 2);
  });
});

describe('applyChange, revertChange, mergeChanges', () => {
  it('revert restores the mask, apply repeats the change', () => {
    const v = blankVolume([10, 10, 10]);
    v.data[0] = 4;
    const before = v.data.slice();
    const change = paintStroke(
      v,
      [0, 0, 0],
      [9, 9, 9],
      { shape: 'sphere', radiusMm: 2 },
      paintRule(v.data, 2),
    );
    const after = v.data.slice();
    revertChange(v.data, change);
    expect(v.data).toEqual(before);
    applyChange(v.data, change);
    expect(v.data).toEqual(after);
  });

  it('merges the segments of a stroke into one step', () => {
    const v = blankVolume([10, 10, 1]);
    const before = v.data.slice();
    const disc = { shape: 'disc', radiusMm: 1, axis: 2 } as const;
    const rule = paintRule(v.data, 1);
    const parts = [
      paintStroke(v, [1, 1, 0], [4, 1, 0], disc, rule),
      paintStroke(v, [4, 1, 0], [4, 6, 0], disc, rule),
      paintStroke(v, [4, 6, 0], [8, 8, 0], disc, rule),
    ];
    const merged = mergeChanges(parts);
    expect(merged.indices.length).toBe(parts.reduce((n, p) => n + p.indices.length, 0));
    revertChange(v.data, merged);
    expect(v.data).toEqual(before);
  });

  it('undoes a merge of overlapping changes back to the start', () => {
    const data = new Uint8Array([5, 5, 5]);
    const first = new ChangeRecorder(data, 1);
    first.write(1, 5);
    const firstChange = first.finish();
    data[1] = 2; // another operation, then painting 1 again over it
    const second = new ChangeRecorder(data, 1);
    second.write(1, 2);
    revertChange(data, mergeChanges([firstChange, second.finish()]));
    expect([...data]).toEqual([5, 5, 5]);
  });

  it('refuses to merge nothing, or changes of different values', () => {
    const v = blankVolume([4, 4, 1]);
    const disc = { shape: 'disc', radiusMm: 1, axis: 2 } as const;
    const a = paintStroke(v, [1, 1, 0], [1, 1, 0], disc, paintRule(v.data, 1));
    const b = paintStroke(v, [2, 2, 0], [2, 2, 0], disc, paintRule(v.data, 2));
    expect(() => mergeChanges([])).toThrow(RangeError);
    expect(() => mergeChanges([a, b])).toThrow(RangeError);
  });
});
