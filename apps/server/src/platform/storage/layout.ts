import type { StorageKey } from './paths';

/**
 * Every place the server keeps files under DATA_DIR, in one layout (modules name keys here, never build
 * them). A team's files live under `teams/{teamId}/`:
 *
 *   uploads/{session}/partial/{fileRowId}      a file while its chunks arrive
 *   uploads/{session}/files/{name}             a complete uploaded file (name: the client's checked path)
 *   uploads/{session}/inflated/{archive}/...   what the session's archives hold
 *   uploads/{session}/metadata.json            what the archives' sort read
 *   uploads/{session}/converted/{uploadId}.nii an archive series' dcm2niix output, for previews
 *   studies/{study}/series/{series}/input/     a conversion's input: links to the received files
 *   studies/{study}/series/{series}/nifti/     every dcm2niix output of the series
 *   studies/{study}/series/{series}/dicom/     the series' DICOM as stored (de-identified when anonymised)
 *   studies/{study}/series/{series}/slideshow/ the studies list's frames
 *   studies/{study}/series/{series}/segmentations/{segmentation}/mask-{revision}.nii.gz
 *                                               every kept revision of a segmentation's label mask
 *   dimse/{association}/{n}.dcm                what a C-STORE association received, until it is stored
 *   ai-models/{model}.onnx                     an AI model's ONNX file
 *   exports/dataset-{export}.zip               a research dataset export (nnU-Net raw layout)
 */
const teamKey = (teamId: number): StorageKey => ['teams', String(teamId)];

export const sessionKey = (teamId: number, session: string): StorageKey => [
  ...teamKey(teamId),
  'uploads',
  session,
];

export const partialKey = (teamId: number, session: string, fileRowId: number): StorageKey => [
  ...sessionKey(teamId, session),
  'partial',
  String(fileRowId),
];

export const storedFilesKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'files',
];

export const storedFileKey = (teamId: number, session: string, name: StorageKey): StorageKey => [
  ...storedFilesKey(teamId, session),
  ...name,
];

export const inflatedKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'inflated',
];

export const metadataKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'metadata.json',
];

export const convertedDirKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'converted',
];

export const convertedKey = (teamId: number, session: string, uploadId: string): StorageKey => [
  ...convertedDirKey(teamId, session),
  `${uploadId}.nii`,
];

export const studyKey = (teamId: number, studyUuid: string): StorageKey => [
  ...teamKey(teamId),
  'studies',
  studyUuid,
];

export const seriesKey = (teamId: number, studyUuid: string, seriesUuid: string): StorageKey => [
  ...studyKey(teamId, studyUuid),
  'series',
  seriesUuid,
];

/** The parts of a series' folder (see above). */
export type SeriesPart = 'input' | 'nifti' | 'dicom' | 'slideshow' | 'segmentations';

export const seriesPartKey = (folder: StorageKey, part: SeriesPart): StorageKey => [...folder, part];

export const slideshowFrameKey = (folder: StorageKey, frame: number): StorageKey => [
  ...seriesPartKey(folder, 'slideshow'),
  `${frame}.png`,
];

export const segmentationKey = (folder: StorageKey, segmentationId: number): StorageKey => [
  ...seriesPartKey(folder, 'segmentations'),
  String(segmentationId),
];

export const maskKey = (folder: StorageKey, segmentationId: number, revision: number): StorageKey => [
  ...segmentationKey(folder, segmentationId),
  `mask-${revision}.nii.gz`,
];

export const dimseAssociationsKey = (teamId: number): StorageKey => [...teamKey(teamId), 'dimse'];

export const dimseAssociationKey = (teamId: number, association: string): StorageKey => [
  ...dimseAssociationsKey(teamId),
  association,
];

export const dimseInstanceKey = (teamId: number, association: string, index: number): StorageKey => [
  ...dimseAssociationKey(teamId, association),
  `${String(index).padStart(6, '0')}.dcm`,
];

export const aiModelFileKey = (teamId: number, modelId: number): StorageKey => [
  ...teamKey(teamId),
  'ai-models',
  `${modelId}.onnx`,
];

/** A training's checkpoint files: 'best' is the one kept, others are uploads being received. */
export const trainingCheckpointKey = (teamId: number, trainingId: number, name: string): StorageKey => [
  ...teamKey(teamId),
  'ai-trainings',
  String(trainingId),
  `${name}.onnx`,
];

export const datasetExportKey = (teamId: number, exportId: number): StorageKey => [
  ...teamKey(teamId),
  'exports',
  `dataset-${exportId}.zip`,
];
