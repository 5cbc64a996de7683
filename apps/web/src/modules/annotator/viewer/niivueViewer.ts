import {
  DRAG_MODE,
  MULTIPLANAR_TYPE,
  NVImage,
  SHOW_RENDER,
  SLICE_TYPE,
  type NiiVueLocation,
} from '@niivue/niivue';
import type { Range } from '../windowing';
import { labelColormap } from './labelColormap';
import { createLabelLayer, type LabelColour, type LabelLayer } from './labelLayer';
import { LazyGradientNiivue } from './lazyGradientNiivue';
import { MARKS } from './marks';
import { watchPanes, type Pane } from './panes';

/** NiiVue's own grey map, the volume's colours before any is chosen. */
const GREY = 'gray';

/** A colour map as NiiVue takes it: parallel arrays of red, green, blue, alpha at intensity indices. */
export interface ColorMapPoints {
  R: number[];
  G: number[];
  B: number[];
  A: number[];
  I: number[];
}

/** One pane (axial, coronal, sagittal or the 3D render), or four: the three planes and the render. */
export type Layout = 'axial' | 'coronal' | 'sagittal' | 'render' | 'four';
/** What the left mouse button does; the right one always windows, the middle one always pans. */
export type MouseTool = 'crosshair' | 'window' | 'pan';

/** A point of the volume: world (scanner) millimetres, voxel indices and the voxel's value. */
export interface Probe {
  mm: [number, number, number];
  voxel: [number, number, number];
  value: number;
}

export interface LoadedVolume {
  /** Volumes of a 4D file (1 for a 3D one). */
  frames: number;
  robust: Range;
  full: Range;
  dims: [number, number, number];
}

/** The viewer the annotator page talks to: what NiiVue does, without NiiVue's types leaking out. */
export interface Viewer {
  /**
   * Shows `bytes` (one NIfTI file) in place of what was shown, in the window `windowFor` picks from the
   * volume's ranges (set before the volume goes to the GPU: each window change redoes its textures).
   * Keeps layout, tool and zoom.
   */
  show(bytes: ArrayBuffer, name: string, windowFor: (volume: LoadedVolume) => Range): Promise<LoadedVolume>;
  setLayout(layout: Layout): void;
  /**
   * Radiological (the patient's right on the screen's left in the axial and coronal panes, anterior on
   * the left in the sagittal one) or neurological (NiiVue's own default), decision 0097.
   */
  setConvention(radiological: boolean): void;
  /** The 2D panes drawn changed (layout, size): where each is on the canvas, for its side labels. */
  onPanes: ((panes: Pane[]) => void) | null;
  setTool(tool: MouseTool): void;
  setWindow(range: Range): void;
  /**
   * Paints the volume (and the next ones shown) through a colour map of /transfer-functions, in NiiVue's
   * R,G,B,A,I form; null: NiiVue's grey.
   */
  setColormap(colormap: { name: string; points: ColorMapPoints } | null): void;
  window(): Range | null;
  setFrame(frame: number): void;
  /** Multiplies the 2D zoom (1 is the whole slice in its pane). */
  zoom(factor: number): void;
  resetView(): void;
  /** The point under a page position, or null off the slices (and over the 3D render). */
  probeAt(clientX: number, clientY: number): Probe | null;
  /** Fits the canvas to its box again, drawing once. */
  fit(): void;
  /** The crosshair moved (click, drag, slice scroll). */
  onCrosshair: ((probe: Probe) => void) | null;
  /** The window changed with the mouse. */
  onWindow: ((range: Range) => void) | null;
  /** The segmentation mask over the volume, and painting it with the mouse. */
  labels: LabelLayer;
  /**
   * A second label map over the volume, read-only and beside the painted one (the AI mode's result): a
   * .nii or .nii.gz on the shown volume's grid, in these colours; null removes it.
   */
  showOverlay(bytes: ArrayBuffer | null, colours: readonly LabelColour[], opacity: number): Promise<void>;
  setOverlayOpacity(opacity: number): void;
  dispose(): void;
}

const SLICE_TYPES: Record<Exclude<Layout, 'four'>, SLICE_TYPE> = {
  axial: SLICE_TYPE.AXIAL,
  coronal: SLICE_TYPE.CORONAL,
  sagittal: SLICE_TYPE.SAGITTAL,
  render: SLICE_TYPE.RENDER,
};
const LEFT_BUTTON: Record<MouseTool, DRAG_MODE> = {
  crosshair: DRAG_MODE.crosshair,
  window: DRAG_MODE.windowing,
  pan: DRAG_MODE.pan,
};
const ZOOM_LIMITS = { min: 0.25, max: 16 };

const triple = (v: ArrayLike<number>): [number, number, number] => [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0];

/**
 * NiiVue on `canvas`. The canvas is sized by the page (`isResizeCanvas` off): NiiVue's own resize
 * observer would redraw on every layout change, while the page debounces it (spec 9, 2 s).
 */
export async function createViewer(canvas: HTMLCanvasElement): Promise<Viewer> {
  const nv = new LazyGradientNiivue({
    backColor: [0, 0, 0, 1],
    crosshairColor: [0.2, 0.8, 1, 1],
    crosshairGap: 6,
    show3Dcrosshair: true,
    isResizeCanvas: false,
    isRadiologicalConvention: true,
    sagittalNoseLeft: true,
    // The sides are labelled by the page (SideLabels), in words a test and a screen reader can read.
    isOrientationTextVisible: false,
    isColorbar: false,
    isOrientCube: false,
    multiplanarShowRender: SHOW_RENDER.ALWAYS,
    multiplanarLayout: MULTIPLANAR_TYPE.GRID,
    multiplanarEqualSize: true,
    dragAndDropEnabled: false,
    logLevel: 'error',
  });
  await nv.attachToCanvas(canvas);
  let tool: MouseTool = 'crosshair';
  const applyTool = () => {
    nv.opts.dragMode = LEFT_BUTTON[tool];
    nv.setMouseEventConfig({
      leftButton: { primary: LEFT_BUTTON[tool], withShift: DRAG_MODE.pan, withCtrl: DRAG_MODE.windowing },
      rightButton: DRAG_MODE.windowing,
      centerButton: DRAG_MODE.pan,
    });
  };
  applyTool();

  const back = (): NVImage | null => nv.volumes[0] ?? null;
  const probeAtFrac = (frac: ArrayLike<number>): Probe | null => {
    const volume = back();
    if (!volume?.matRAS || frac[0] === undefined || frac[0] < 0) return null;
    // The texel drawn there (NiiVue's frac2vox, as its pen takes it), not mm2vox of the shown mm: on a
    // sheared affine (gantry tilt) the slice is drawn unsheared, so the scanner mm maps to another voxel.
    const voxel = triple(volume.convertFrac2Vox(triple(frac)));
    const [nx, ny, nz] = triple((volume.dimsRAS ?? []).slice(1));
    if (voxel.some((v, i) => v < 0 || v >= [nx, ny, nz][i]!)) return null;
    const mm = triple(volume.vox2mm(voxel, volume.matRAS));
    return { mm, voxel, value: volume.getValue(voxel[0], voxel[1], voxel[2], volume.frame4D ?? 0) };
  };
  const windowOf = (volume: NVImage | null): Range | null =>
    volume && volume.cal_min !== undefined && volume.cal_max !== undefined
      ? { min: volume.cal_min, max: volume.cal_max }
      : null;

  const labels = createLabelLayer(nv, canvas);
  let colormapName = GREY;
  let overlay: NVImage | null = null;
  const viewer: Viewer = {
    onCrosshair: null,
    onWindow: null,
    onPanes: null,
    labels,
    async show(bytes, name, windowFor) {
      const image = await NVImage.loadFromUrl({ url: name, name, buffer: bytes });
      performance.mark(MARKS.parsed);
      const loaded: LoadedVolume = {
        frames: Math.max(1, image.nFrame4D ?? 1),
        robust: { min: image.robust_min ?? 0, max: image.robust_max ?? 0 },
        full: { min: image.global_min ?? 0, max: image.global_max ?? 0 },
        // The header's: NiiVue sets `dims` only once the volume is added.
        dims: triple((image.hdr?.dims ?? []).slice(1)),
      };
      // NiiVue's colormap setter resets the window to the robust range: the colour map goes first, and
      // only when it is not the grey the volume already has (the reset is a pass over the volume).
      if (image.colormap !== colormapName) image.colormap = colormapName;
      const window = windowFor(loaded);
      image.cal_min = window.min;
      image.cal_max = window.max;
      // One removal and one addition, each of which would otherwise redo the scene's textures.
      nv.volumes = [];
      nv.back = null;
      nv.overlays = [];
      overlay = null;
      // A mask drawn on the previous grid: the page shows it again on this one (labels.show).
      nv.drawBitmap = null;
      nv.addVolume(image);
      return loaded;
    },
    async showOverlay(bytes, colours, opacity) {
      if (overlay) nv.removeVolume(overlay);
      overlay = null;
      if (!bytes || !back()) return;
      const image = await NVImage.loadFromUrl({
        url: 'overlay.nii.gz',
        name: 'overlay.nii.gz',
        buffer: bytes,
      });
      image.setColormapLabel(labelColormap(colours));
      image.opacity = opacity;
      overlay = image;
      nv.addVolume(image);
    },
    setOverlayOpacity(opacity) {
      if (!overlay) return;
      overlay.opacity = opacity;
      nv.updateGLVolume();
    },
    setLayout(layout) {
      nv.setRenderShown(layout === 'render' || layout === 'four');
      nv.setSliceType(layout === 'four' ? SLICE_TYPE.MULTIPLANAR : SLICE_TYPES[layout]);
    },
    setConvention(radiological) {
      if (nv.opts.isRadiologicalConvention === radiological) return;
      nv.opts.isRadiologicalConvention = radiological;
      nv.opts.sagittalNoseLeft = radiological;
      nv.drawScene();
    },
    setTool(next) {
      tool = next;
      applyTool();
    },
    setWindow(range) {
      const volume = back();
      if (!volume || !(range.max > range.min)) return;
      volume.cal_min = range.min;
      volume.cal_max = range.max;
      nv.updateGLVolume();
    },
    setColormap(colormap) {
      colormapName = GREY;
      if (colormap) {
        // A key of our own, so a team's map never replaces one of NiiVue's by name.
        colormapName = `voxa:${colormap.name}`;
        nv.addColormap(colormapName, colormap.points);
      }
      const volume = back();
      if (!volume) return;
      // The setter resets the window (see show): the one on screen is kept.
      const kept = windowOf(volume);
      volume.colormap = colormapName;
      if (kept) [volume.cal_min, volume.cal_max] = [kept.min, kept.max];
      nv.updateGLVolume();
    },
    window: () => windowOf(back()),
    setFrame(frame) {
      const volume = back();
      if (volume) nv.setFrame4D(volume.id, frame);
    },
    zoom(factor) {
      const [x = 0, y = 0, z = 0, scale = 1] = nv.scene.pan2Dxyzmm;
      const next = Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, scale * factor));
      nv.setPan2Dxyzmm([x, y, z, next]);
    },
    resetView() {
      nv.setPan2Dxyzmm([0, 0, 0, 1]);
    },
    probeAt(clientX, clientY) {
      const rect = canvas.getBoundingClientRect();
      const dpr = nv.uiData.dpr ?? 1;
      return probeAtFrac(nv.canvasPos2frac([(clientX - rect.left) * dpr, (clientY - rect.top) * dpr]));
    },
    fit() {
      nv.opts.isResizeCanvas = true;
      nv.resizeListener();
      nv.opts.isResizeCanvas = false;
    },
    dispose() {
      labels.dispose();
      canvas.removeEventListener('pointermove', reportWindow);
      canvas.removeEventListener('pointerup', reportWindow);
      nv.cleanup();
    },
  };

  watchPanes(nv, (panes) => viewer.onPanes?.(panes));
  nv.onLocationChange = (location: unknown) => {
    const probe = probeAtFrac((location as NiiVueLocation).frac);
    if (probe) viewer.onCrosshair?.(probe);
  };
  // NiiVue's windowing drag reports nothing: read the window while a button is down and when it is let go.
  let lastWindow = '';
  const reportWindow = (event: PointerEvent) => {
    if (event.type === 'pointermove' && event.buttons === 0) return;
    const range = windowOf(back());
    const key = range ? `${range.min}:${range.max}` : '';
    if (!range || key === lastWindow) return;
    lastWindow = key;
    viewer.onWindow?.(range);
  };
  canvas.addEventListener('pointermove', reportWindow);
  canvas.addEventListener('pointerup', reportWindow);
  nv.onIntensityChange = () => {
    const range = windowOf(back());
    if (range) viewer.onWindow?.(range);
  };
  return viewer;
}
