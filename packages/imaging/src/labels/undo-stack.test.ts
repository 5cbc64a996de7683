import { describe, expect, it } from 'vitest';
import { paintStroke } from './brush';
import { ChangeRecorder, type ChangeRecord } from './change-record';
import { fillVolume } from './flood-fill';
import { blankVolume, countOf } from './test-volume';
import { DEFAULT_UNDO_DEPTH, UndoStack } from './undo-stack';
import { paintRule } from './write-rule';

/** A change of one voxel: index i takes value `value`. */
function paintOne(data: Uint8Array, i: number, value: number): ChangeRecord {
  const recorder = new ChangeRecorder(data, value);
  recorder.write(i, data[i]!);
  return recorder.finish();
}

describe('UndoStack', () => {
  it('undoes and redoes operations in order, returning what changed', () => {
    const v = blankVolume([10, 10, 10]);
    const stack = new UndoStack();
    const states = [v.data.slice()];
    stack.push(
      paintStroke(v, [2, 2, 2], [7, 2, 2], { shape: 'sphere', radiusMm: 1.5 }, paintRule(v.data, 1)),
    );
    states.push(v.data.slice());
    stack.push(fillVolume(v, [0, 0, 0], paintRule(v.data, 2)));
    states.push(v.data.slice());
    expect(countOf(v, 0)).toBe(0);

    const undone = stack.undo(v.data);
    expect(undone?.newValue).toBe(2);
    expect(v.data).toEqual(states[1]);
    stack.undo(v.data);
    expect(v.data).toEqual(states[0]);
    expect(stack.canUndo).toBe(false);
    expect(stack.undo(v.data)).toBeUndefined();

    stack.redo(v.data);
    expect(v.data).toEqual(states[1]);
    stack.redo(v.data);
    expect(v.data).toEqual(states[2]);
    expect(stack.canRedo).toBe(false);
    expect(stack.redo(v.data)).toBeUndefined();
  });

  it('drops the redo branch when a new operation follows an undo', () => {
    const data = new Uint8Array(4);
    const stack = new UndoStack();
    stack.push(paintOne(data, 0, 1));
    stack.push(paintOne(data, 1, 1));
    stack.undo(data);
    expect(stack.canRedo).toBe(true);
    stack.push(paintOne(data, 2, 1));
    expect(stack.canRedo).toBe(false);
    expect([...data]).toEqual([1, 0, 1, 0]);
  });

  it('ignores an operation that changed nothing', () => {
    const data = new Uint8Array(4);
    const stack = new UndoStack();
    stack.push(paintOne(data, 0, 1));
    stack.undo(data);
    stack.push(new ChangeRecorder(data, 1).finish());
    expect(stack.canUndo).toBe(false);
    expect(stack.canRedo).toBe(true);
  });

  it('keeps at least 50 steps by default and drops the oldest beyond its depth', () => {
    expect(DEFAULT_UNDO_DEPTH).toBeGreaterThanOrEqual(50);
    const data = new Uint8Array(200);
    const stack = new UndoStack({ depth: 50 });
    for (let i = 0; i < 60; i++) stack.push(paintOne(data, i, 1));
    let steps = 0;
    while (stack.undo(data)) steps++;
    expect(steps).toBe(50);
    // The ten oldest can no longer be undone.
    expect(data.subarray(0, 10).every((v) => v === 1)).toBe(true);
    expect(data.subarray(10, 60).every((v) => v === 0)).toBe(true);
  });

  it('drops the oldest steps beyond its memory cap, but always keeps the newest', () => {
    const v = blankVolume([10, 10, 10]);
    const stack = new UndoStack({ maxBytes: 2000 });
    for (let z = 0; z < 4; z++) {
      // 100 voxels a step: 500 bytes of indices and old values.
      stack.push(
        fillVolume(v, [0, 0, z], paintRule(v.data, 1), { intensity: zPlanes(v.dims[2], z), lo: 1, hi: 1 }),
      );
    }
    expect(stack.bytes).toBe(2000);
    stack.push(fillVolume(v, [0, 0, 4], paintRule(v.data, 1), { intensity: zPlanes(10, 4), lo: 1, hi: 1 }));
    expect(stack.bytes).toBe(2000);
    const big = new UndoStack({ maxBytes: 10 });
    big.push(fillVolume(v, [0, 0, 9], paintRule(v.data, 2)));
    expect(big.canUndo).toBe(true);
    big.undo(v.data);
    expect(countOf(v, 2)).toBe(0);
  });

  it('clear forgets every step', () => {
    const data = new Uint8Array(2);
    const stack = new UndoStack();
    stack.push(paintOne(data, 0, 1));
    stack.push(paintOne(data, 1, 1));
    stack.undo(data);
    stack.clear();
    expect([stack.canUndo, stack.canRedo, stack.bytes]).toEqual([false, false, 0]);
  });
});

/** Intensity 1 on plane z of a 10x10xnz volume, 0 elsewhere. */
function zPlanes(nz: number, z: number): Uint8Array {
  const out = new Uint8Array(100 * nz);
  out.fill(1, z * 100, (z + 1) * 100);
  return out;
}
