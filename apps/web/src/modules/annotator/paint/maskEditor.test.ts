import { labelVolume } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { MaskEditor, type ToolSettings } from './maskEditor';

const editor = () => new MaskEditor(labelVolume(new Uint8Array(10 * 10 * 3), [10, 10, 3], [1, 1, 1]));
const count = (e: MaskEditor, value = 1) => e.volume.data.filter((v) => v === value).length;
const brush: ToolSettings = {
  tool: 'brush',
  value: 1,
  brushMm: 1,
  threshold: null,
  overwrite: true,
  locked: [],
};
/** A 10 x 10 x 3 mask whose slice 1 holds value 2 in its left half and 3 in its right half. */
const twoSegments = () => {
  const e = editor();
  for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) e.volume.data[100 + y * 10 + x] = x < 5 ? 2 : 3;
  return e;
};
const stroke = (e: MaskEditor, settings: ToolSettings) => {
  e.pointer({ phase: 'down', voxel: [0, 5, 1], axis: 2 }, settings);
  e.pointer({ phase: 'move', voxel: [9, 5, 1], axis: 2 }, settings);
  e.pointer({ phase: 'up', voxel: [9, 5, 1], axis: 2 }, settings);
};

describe('MaskEditor: pointer events to the painting core', () => {
  it('paints a stroke in the slice of its press as one undo step, and undoes and redoes it', () => {
    const e = editor();
    e.pointer({ phase: 'down', voxel: [2, 5, 1], axis: 2 }, brush);
    e.pointer({ phase: 'move', voxel: [7, 5, 2.4], axis: 2 }, brush);
    e.pointer({ phase: 'up', voxel: [7, 5, 1], axis: 2 }, brush);
    const painted = count(e);
    expect(painted).toBeGreaterThan(6);
    // Only slice 1: the drag's z was held to the press.
    expect(e.volume.data.subarray(200).some((v) => v !== 0)).toBe(false);
    expect(e.undoStack.canUndo).toBe(true);
    expect(e.undo()?.indices.length).toBe(painted);
    expect(count(e)).toBe(0);
    e.redo();
    expect(count(e)).toBe(painted);
  });

  it('fills a slice on a press, and a contour on release', () => {
    const e = editor();
    e.pointer({ phase: 'down', voxel: [0, 0, 0], axis: 2 }, { ...brush, tool: 'fill2d', value: 2 });
    expect(count(e, 2)).toBe(100);
    const contour: ToolSettings = { ...brush, tool: 'contour', value: 3 };
    e.pointer({ phase: 'down', voxel: [1, 1, 2], axis: 2 }, contour);
    e.pointer({ phase: 'move', voxel: [4, 1, 2], axis: 2 }, contour);
    e.pointer({ phase: 'move', voxel: [4, 4, 2], axis: 2 }, contour);
    e.pointer({ phase: 'move', voxel: [1, 4, 2], axis: 2 }, contour);
    expect(e.pointer({ phase: 'up', voxel: [1, 4, 2], axis: 2 }, contour)?.indices.length).toBe(16);
  });

  it('paints over other segments only with overwrite on (off: they keep every voxel)', () => {
    const kept = twoSegments();
    stroke(kept, { ...brush, overwrite: false });
    expect([count(kept, 2), count(kept, 3), count(kept, 1)]).toEqual([50, 50, 0]);
    expect(kept.undoStack.canUndo).toBe(false);
    const over = twoSegments();
    stroke(over, brush);
    expect(count(over, 1)).toBeGreaterThan(0);
    expect(count(over, 2) + count(over, 3)).toBe(100 - count(over, 1));
  });

  it('never changes a locked segment, with overwrite on, by brush, fill, contour or eraser', () => {
    const e = twoSegments();
    const locked = { ...brush, locked: [2] };
    stroke(e, locked);
    e.pointer({ phase: 'down', voxel: [1, 1, 1], axis: 2 }, { ...locked, tool: 'fill3d', value: 4 });
    const contour = { ...locked, tool: 'contour' as const, value: 5 };
    for (const [phase, x, y] of [
      ['down', 0, 0],
      ['move', 9, 0],
      ['move', 9, 9],
      ['up', 0, 9],
    ] as const)
      e.pointer({ phase, voxel: [x, y, 1], axis: 2 }, contour);
    stroke(e, { ...locked, tool: 'eraser', value: 2 });
    expect(count(e, 2)).toBe(50);
  });

  it('paints nothing while the active segment is locked', () => {
    const e = editor();
    stroke(e, { ...brush, locked: [1] });
    e.pointer({ phase: 'down', voxel: [0, 0, 0], axis: 2 }, { ...brush, tool: 'fill2d', locked: [1] });
    expect(count(e)).toBe(0);
    expect(e.undoStack.canUndo).toBe(false);
  });
});
