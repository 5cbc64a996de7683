import { labelVolume } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { MaskEditor, type ToolSettings } from './maskEditor';

const editor = () => new MaskEditor(labelVolume(new Uint8Array(10 * 10 * 3), [10, 10, 3], [1, 1, 1]));
const count = (e: MaskEditor, value = 1) => e.volume.data.filter((v) => v === value).length;
const brush: ToolSettings = { tool: 'brush', value: 1, brushMm: 1, threshold: null };

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
});
