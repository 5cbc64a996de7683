/**
 * The nnU-Net v2 raw dataset layout (MIC-DKFZ/nnUNet documentation/dataset_format.md; decision 0063):
 *
 *   DatasetNNN_Name/dataset.json
 *   DatasetNNN_Name/imagesTr/{case}_0000.nii.gz   one channel: the series' first volume
 *   DatasetNNN_Name/labelsTr/{case}.nii.gz        its mask, labels renumbered 0, 1, 2, ...
 *
 * Case identifiers are the dataset's name and a running number: nothing of a patient or study travels in
 * a file name.
 */
export const FILE_ENDING = '.nii.gz';
/** nnU-Net's normalisation: 'CT' gets the global foreground normalisation, anything else z-scoring. */
const CT = 'CT';

const digits = (n: number, width: number) => String(n).padStart(width, '0');

/** `Dataset501_Liver`: the id in three digits. */
export function datasetFolder(id: number, name: string): string {
  return `Dataset${digits(id, 3)}_${name}`;
}

/** `Liver_001` … one per case in order, numbered from 1, at least three digits. */
export function caseIds(name: string, count: number): string[] {
  const width = Math.max(3, String(count).length);
  return Array.from({ length: count }, (_, i) => `${name}_${digits(i + 1, width)}`);
}

export const imageEntry = (folder: string, caseId: string) =>
  `${folder}/imagesTr/${caseId}_0000${FILE_ENDING}`;
export const labelEntry = (folder: string, caseId: string) => `${folder}/labelsTr/${caseId}${FILE_ENDING}`;
export const datasetJsonEntry = (folder: string) => `${folder}/dataset.json`;

/**
 * The one input channel's name: the cases' modality ('CT' as nnU-Net spells it for its CT normalisation).
 * Null when the cases do not share one modality: one dataset's channel must mean one thing.
 */
export function channelName(modalities: readonly (string | null)[]): string | null {
  const distinct = new Set(modalities.map((m) => m?.trim().toUpperCase() || null));
  if (distinct.size !== 1) return null;
  const [only] = distinct;
  if (!only) return null;
  return only === CT ? CT : only;
}

export interface DatasetJson {
  channel_names: Record<string, string>;
  labels: Record<string, number>;
  numTraining: number;
  file_ending: string;
  name: string;
  description: string;
}

/** dataset.json: the keys nnU-Net v2 reads, and a name and description it keeps alongside. */
export function datasetJson(opts: {
  folder: string;
  channel: string;
  labels: Record<string, number>;
  numTraining: number;
  description: string;
}): DatasetJson {
  return {
    channel_names: { '0': opts.channel },
    labels: opts.labels,
    numTraining: opts.numTraining,
    file_ending: FILE_ENDING,
    name: opts.folder,
    description: opts.description,
  };
}
