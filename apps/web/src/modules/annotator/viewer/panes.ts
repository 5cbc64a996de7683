import { SLICE_TYPE, type Niivue } from '@niivue/niivue';
import type { SliceView } from '@voxa/imaging';

/** A 2D pane NiiVue drew: its plane and its box on the canvas, in CSS pixels. */
export interface Pane {
  view: SliceView;
  left: number;
  top: number;
  width: number;
  height: number;
}

const VIEWS: Partial<Record<SLICE_TYPE, SliceView>> = {
  [SLICE_TYPE.AXIAL]: 'axial',
  [SLICE_TYPE.CORONAL]: 'coronal',
  [SLICE_TYPE.SAGITTAL]: 'sagittal',
};

/** The 2D panes of NiiVue's last drawing (its `screenSlices`; the 3D render is none). */
function panesOf(nv: Niivue): Pane[] {
  const dpr = nv.uiData.dpr ?? 1;
  const panes: Pane[] = [];
  for (const tile of nv.screenSlices) {
    const view = VIEWS[tile.axCorSag];
    const [left = 0, top = 0, width = 0, height = 0] = tile.leftTopWidthHeight;
    if (view && width > 0 && height > 0)
      panes.push({
        view,
        left: Math.round(left / dpr),
        top: Math.round(top / dpr),
        width: Math.round(width / dpr),
        height: Math.round(height / dpr),
      });
  }
  return panes;
}

/**
 * Calls `report` after each of NiiVue's drawings whose panes differ from the last reported (a layout
 * change, a resize), with the new panes; a drawing for a pan or a crosshair move reports nothing.
 */
export function watchPanes(nv: Niivue, report: (panes: Pane[]) => void): void {
  let last = '';
  const draw = nv.drawScene.bind(nv);
  nv.drawScene = () => {
    const drawn = draw();
    const panes = panesOf(nv);
    const key = JSON.stringify(panes);
    if (key !== last) {
      last = key;
      report(panes);
    }
    return drawn;
  };
}
