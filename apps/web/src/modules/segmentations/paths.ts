/** The Segmentations pages (teams-and-account.md 2.1: /segmentations, /segments/:list). */
export const SEGMENTATIONS_PATH = '/segmentations';
/** `:list` is the segmentation's id (docs/decisions/0034). */
export const segmentsPath = (segmentationId: number) => `/segments/${segmentationId}`;
