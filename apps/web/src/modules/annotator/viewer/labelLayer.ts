import type { Niivue } from '@niivue/niivue';
import type { Axis, IntensityArray, LabelArray, Vec3 } from '@voxa/imaging';
import { fileAxisAlong, fileVoxel, rasIndex, rasOrder, toRasBitmap, type RasOrder } from '../paint/rasOrder';

/** How a label value is drawn. */
export interface LabelColour {
  value: number;
  rgb: readonly [number, number, number];
  visible: boolean;
}

/** The left button on a 2D pane while painting: the file voxel under it (fractions kept) and the pane. */
export interface PaintPointer {
  phase: 'down' | 'move' | 'up';
  voxel: Vec3;
  /** The file axis across the pane (the slice's normal). */
  axis: Axis;
}

/** The mask over the volume, drawn through NiiVue's drawing layer; the painting itself is not NiiVue's. */
export interface LabelLayer {
  /** Shows `labels` (file order, the shown volume's grid); false when the grids differ. null clears. */
  show(labels: LabelArray | null, fileDims: Vec3): boolean;
  /** Redraws after an edit: the voxels at these file indices, or all. */
  update(indices?: ArrayLike<number>): void;
  setColours(colours: readonly LabelColour[]): void;
  setOpacity(opacity: number): void;
  /** The shown volume's stored voxels (file order, first volume) and how a shown value maps to them. */
  intensities(): { data: IntensityArray; stored: (value: number) => number } | null;
  /** While set, the left button (without shift or ctrl) paints instead of moving the crosshair. */
  onPaint: ((pointer: PaintPointer) => void) | null;
  dispose(): void;
}

/** NiiVue's pane types: axial, coronal, sagittal; the RAS axis across each. */
const NORMAL_RAS_AXIS: Record<number, Axis> = { 0: 2, 1: 1, 2: 0 };

export function createLabelLayer(nv: Niivue, canvas: HTMLCanvasElement): LabelLayer {
  let shown: { labels: LabelArray; dims: Vec3; order: RasOrder } | null = null;

  const pointerAt = (event: MouseEvent, phase: PaintPointer['phase'], axis?: Axis): PaintPointer | null => {
    const back = nv.volumes[0];
    if (!shown || !back) return null;
    const rect = canvas.getBoundingClientRect();
    const dpr = nv.uiData.dpr ?? 1;
    const x = (event.clientX - rect.left) * dpr;
    const y = (event.clientY - rect.top) * dpr;
    const tile = nv.screenSlices[nv.tileIndex(x, y)];
    const normal = tile ? NORMAL_RAS_AXIS[tile.axCorSag] : undefined;
    if (normal === undefined && axis === undefined) return null;
    const frac = nv.canvasPos2frac([x, y]);
    if (frac[0] === undefined || frac[0] < 0) return null;
    // The texture coordinate NiiVue drew at, as a RAS voxel (centres at integers). Not through mm: a
    // sheared affine (a gantry tilt) maps mm back to another voxel than the one shown.
    const [rx, ry, rz] = shown.order.rasDims;
    const ras: Vec3 = [frac[0] * rx - 0.5, (frac[1] ?? 0) * ry - 0.5, (frac[2] ?? 0) * rz - 0.5];
    const voxel = fileVoxel(shown.order, shown.dims, ras);
    return { phase, voxel, axis: axis ?? fileAxisAlong(shown.order, normal ?? 2) };
  };

  // NiiVue listens for mouse events on the canvas: taken on the way down (capture on its parent), a
  // painting press never reaches it, so the crosshair stays where it was.
  let strokeAxis: Axis | null = null;
  const down = (event: MouseEvent) => {
    if (!layer.onPaint || event.button !== 0 || event.shiftKey || event.ctrlKey || event.target !== canvas)
      return;
    const pointer = pointerAt(event, 'down');
    if (!pointer) return;
    event.stopPropagation();
    event.preventDefault();
    strokeAxis = pointer.axis;
    layer.onPaint(pointer);
  };
  const move = (event: MouseEvent) => {
    if (strokeAxis === null) return;
    event.stopPropagation();
    const pointer = pointerAt(event, 'move', strokeAxis);
    if (pointer) layer.onPaint?.(pointer);
  };
  const up = (event: MouseEvent) => {
    if (strokeAxis === null) return;
    event.stopPropagation();
    const axis = strokeAxis;
    strokeAxis = null;
    layer.onPaint?.(pointerAt(event, 'up', axis) ?? { phase: 'up', voxel: [0, 0, 0], axis });
  };
  const parent = canvas.parentElement ?? canvas;
  parent.addEventListener('mousedown', down, { capture: true });
  window.addEventListener('mousemove', move, { capture: true });
  window.addEventListener('mouseup', up, { capture: true });

  const layer: LabelLayer = {
    onPaint: null,
    show(labels, dims) {
      const back = nv.volumes[0];
      const fileDims = back?.hdr?.dims?.slice(1, 4) ?? [];
      if (!back || !labels || fileDims.some((d, i) => d !== dims[i])) {
        shown = null;
        if (nv.drawBitmap) nv.closeDrawing();
        return labels === null;
      }
      shown = { labels, dims, order: rasOrder(back.permRAS ?? [1, 2, 3], dims) };
      nv.createEmptyDrawing();
      nv.drawBitmap?.set(toRasBitmap(shown.order, dims, labels));
      nv.refreshDrawing(true);
      return true;
    },
    update(indices) {
      const bitmap = nv.drawBitmap;
      if (!shown || !bitmap) return;
      if (!indices) bitmap.set(toRasBitmap(shown.order, shown.dims, shown.labels));
      else
        for (let n = 0; n < indices.length; n++) {
          const i = indices[n]!;
          bitmap[rasIndex(shown.order, shown.dims, i)] = Math.min(255, shown.labels[i]!);
        }
      nv.refreshDrawing(true);
    },
    setColours(colours) {
      const lut = new Uint8ClampedArray(256 * 4);
      for (const c of colours) {
        if (c.value < 1 || c.value > 255) continue;
        lut.set([...c.rgb, c.visible ? 255 : 0], c.value * 4);
      }
      nv.drawLut = { lut, labels: Array.from({ length: 256 }, (_, i) => String(i)) };
      // The colour maps' texture only: updateGLVolume would rebuild every texture of the scene.
      nv.refreshColormaps();
      nv.drawScene();
    },
    setOpacity(opacity) {
      nv.setDrawOpacity(opacity);
    },
    intensities() {
      const back = nv.volumes[0];
      if (!shown || !back?.img || !back.hdr) return null;
      const n = shown.labels.length;
      const slope = back.hdr.scl_slope || 1;
      const inter = Number.isFinite(back.hdr.scl_inter) ? back.hdr.scl_inter : 0;
      const data = back.img.subarray(0, n) as IntensityArray;
      return { data, stored: (value: number) => (value - inter) / slope };
    },
    dispose() {
      parent.removeEventListener('mousedown', down, { capture: true });
      window.removeEventListener('mousemove', move, { capture: true });
      window.removeEventListener('mouseup', up, { capture: true });
    },
  };
  return layer;
}
