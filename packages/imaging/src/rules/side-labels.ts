/** A 2D view of a volume: the plane it shows. */
export type SliceView = 'axial' | 'coronal' | 'sagittal';

/** The patient's side at each edge of a view: R/L, A/P, S/I. */
export interface SideLabels {
  left: string;
  right: string;
  top: string;
  bottom: string;
}

/**
 * The sides a view shows at its edges. Radiological (the default of radiologists, PACS, OHIF and Slicer):
 * the patient's right on the screen's left in the axial and coronal views, anterior on the left in the
 * sagittal view. Neurological (NiiVue's own default): the patient's left on the left, anterior on the
 * right in the sagittal view. Axial views have anterior on top, the others superior.
 */
export function sideLabels(view: SliceView, radiological: boolean): SideLabels {
  const [top, bottom] = view === 'axial' ? ['A', 'P'] : ['S', 'I'];
  const [first, second] = view === 'sagittal' ? ['A', 'P'] : ['R', 'L'];
  return radiological
    ? { left: first, right: second, top, bottom }
    : { left: second, right: first, top, bottom };
}
