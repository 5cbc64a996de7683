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
  /** Paint over other segments too (off: only over background and the active value, decision 0096). */
  overwrite: boolean;
  /** Label values no tool changes; a locked active value paints nothing. */
  locked: readonly number[];
}

/** The rule a painting tool (brush, fills, contour) writes with under these settings. */
const paintWith = (data: LabelVolume['data'], s: ToolSettings) =>
  paintRule(data, s.value, { preserveOthers: !s.overwrite, locked: s.locked });

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
    // A locked segment neither grows nor shrinks: nothing starts while it is the active one.
    if (p.phase === 'down' && settings.locked.includes(settings.value)) {
      this.stroke = null;
      this.contour = null;
      return null;
    }
    if (settings.tool === 'contour') return this.contourPointer(p, settings);
    if (p.phase === 'down' && (settings.tool === 'fill2d' || settings.tool === 'fill3d'))
      return this.done(this.fill(round(p.voxel), p.axis, settings));
    if (settings.tool === 'fill2d' || settings.tool === 'fill3d') return null;
    if (p.phase === 'down') this.stroke = { settings, axis: p.axis, last: p.voxel, changes: [] };
    const stroke = this.stroke;
    if (!stroke) return null;
    if (p.phase === 'up') {
      this.stroke = null;
      // A stroke that met only what it may not change (or its own value) is no step.
      if (stroke.changes.length > 0) this.done(mergeChanges(stroke.changes));
      return null;
    }
    const { data } = this.volume;
    const rule =
      stroke.settings.tool === 'eraser'
        ? eraseRule(data, stroke.settings.value, { locked: stroke.settings.locked })
        : paintWith(data, stroke.settings);
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
    const rule = paintWith(this.volume.data, settings);
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
    const rule = paintWith(this.volume.data, settings);
    return this.done(fillContour(this.volume, contour.axis, contour.slice, contour.points, rule));
  }

  private done(change: ChangeRecord): ChangeRecord {
    this.undoStack.push(change);
    return change;
  }
}
