/**
 * Whether the axial and coronal panes show the patient's right on the screen's left (radiological) or on
 * its right (neurological, NiiVue's default, which the annotator keeps). The preview slice follows it.
 */
export const RADIOLOGICAL_CONVENTION = false;
