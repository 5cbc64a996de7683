import {
  eraseRule,
  fillContour,
  fillSlice,
  fillVolume,
  mergeChanges,
  paintRule,
  paintStroke,
  planeAxes,
  UndoStack,
  type Axis,
  type ChangeRecord,
  type IntensityArray,
  type LabelVolume,
  type PlanePoint,
  type Vec3,
} from '@voxa/imaging';

export type PaintTool = 'brush' | 'eraser' | 'fill2d' | 'fill3d' | 'contour';

/** The tool and its settings at the moment of a press. */
export interface ToolSettings {
  tool: PaintTool;
  /** The active segment's label value. */
  value: number;
  brushMm: number;
  /** Fills take only voxels whose stored intensity is in [lo, hi]; else the seed's label region. */
  threshold: { intensity: IntensityArray; lo: number; hi: number } | null;
}

/** A press, a drag and a release on one pane (as the viewer's label layer reports them). */
export interface EditPointer {
  phase: 'down' | 'move' | 'up';
  voxel: Vec3;
  axis: Axis;
}

const round = (v: Vec3): Vec3 => [Math.round(v[0]), Math.round(v[1]), Math.round(v[2])];

/**
 * Turns pointer events into the painting core's operations on one mask, and keeps their undo stack. Each
 * call returns what changed (for the viewer to redraw those voxels), or null.
 */
export class MaskEditor {
  readonly undoStack = new UndoStack();
  private stroke: { settings: ToolSettings; axis: Axis; last: Vec3; changes: ChangeRecord[] } | null = null;
  private contour: { axis: Axis; slice: number; points: PlanePoint[] } | null = null;

  constructor(readonly volume: LabelVolume) {}

  pointer(p: EditPointer, settings: ToolSettings): ChangeRecord | null {
    if (settings.tool === 'contour') return this.contourPointer(p, settings);
    if (p.phase === 'down' && (settings.tool === 'fill2d' || settings.tool === 'fill3d'))
      return this.done(this.fill(round(p.voxel), p.axis, settings));
    if (settings.tool === 'fill2d' || settings.tool === 'fill3d') return null;
    if (p.phase === 'down') this.stroke = { settings, axis: p.axis, last: p.voxel, changes: [] };
    const stroke = this.stroke;
    if (!stroke) return null;
    if (p.phase === 'up') {
      this.stroke = null;
      this.done(mergeChanges(stroke.changes));
      return null;
    }
    const { data } = this.volume;
    const rule =
      stroke.settings.tool === 'eraser'
        ? eraseRule(data, stroke.settings.value)
        : paintRule(data, stroke.settings.value);
    // The slice of the press: a drag that wanders to another pane still paints the first one.
    const to: [number, number, number] = [...p.voxel];
    to[stroke.axis] = stroke.last[stroke.axis];
    const change = paintStroke(
      this.volume,
      stroke.last,
      to,
      { shape: 'disc', radiusMm: stroke.settings.brushMm, axis: stroke.axis },
      rule,
    );
    stroke.last = to;
    if (change.indices.length > 0) stroke.changes.push(change);
    return change;
  }

  undo(): ChangeRecord | undefined {
    return this.undoStack.undo(this.volume.data);
  }

  redo(): ChangeRecord | undefined {
    return this.undoStack.redo(this.volume.data);
  }

  private fill(seed: Vec3, axis: Axis, settings: ToolSettings): ChangeRecord {
    const rule = paintRule(this.volume.data, settings.value);
    const range = settings.threshold ?? undefined;
    return settings.tool === 'fill2d'
      ? fillSlice(this.volume, seed, axis, rule, range)
      : fillVolume(this.volume, seed, rule, range);
  }

  private contourPointer(p: EditPointer, settings: ToolSettings): ChangeRecord | null {
    if (p.phase === 'down') this.contour = { axis: p.axis, slice: Math.round(p.voxel[p.axis]), points: [] };
    const contour = this.contour;
    if (!contour) return null;
    if (p.phase !== 'up') {
      const [u, v] = planeAxes(contour.axis);
      contour.points.push([p.voxel[u], p.voxel[v]]);
      return null;
    }
    this.contour = null;
    const rule = paintRule(this.volume.data, settings.value);
    return this.done(fillContour(this.volume, contour.axis, contour.slice, contour.points, rule));
  }

  private done(change: ChangeRecord): ChangeRecord {
    this.undoStack.push(change);
    return change;
  }
}
