import { readdir } from 'node:fs/promises';
import dcmjs, { type NaturalDataset } from 'dcmjs';
import * as nifti from 'nifti-reader-js';
import { placeInstances, type PlacedInstance, type SourceInstance, type Triple } from '@voxa/imaging';
import { sequenceItems } from './seg-dataset';
import { conflict } from '../../http/errors';
import { readBytes, type Storage, type StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';

export const NO_DICOM = 'This series has no stored DICOM instances for a SEG to reference.';
export const NO_FRAME_GEOMETRY =
  'A multi-frame instance of this series gives no position, orientation or spacing for its frames.';

/** The series' stored DICOM images placed on its NIfTI grid, and its first instance's dataset. */
export interface SeriesPlacement {
  dims: Triple;
  placed: PlacedInstance[];
  source: NaturalDataset;
}

/**
 * The image storage SOP class of a modality, for a file that names none anywhere (the example CT's
 * datasets and file meta both leave it empty): a SEG must name each source's class.
 */
const STORAGE_BY_MODALITY: Record<string, string> = {
  CT: '1.2.840.10008.5.1.4.1.1.2',
  MR: '1.2.840.10008.5.1.4.1.1.4',
  PT: '1.2.840.10008.5.1.4.1.1.128',
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(Number);

/**
 * The geometry of frame `index` of an enhanced multi-frame instance: each functional group from the
 * frame's own item, else from the shared one (PS3.3 C.7.6.16).
 */
function frameGeometry(ds: NaturalDataset, index: number) {
  const own = sequenceItems(ds.PerFrameFunctionalGroupsSequence)[index] ?? {};
  const shared = sequenceItems(ds.SharedFunctionalGroupsSequence)[0] ?? {};
  const group = (name: string) => sequenceItems(own[name])[0] ?? sequenceItems(shared[name])[0] ?? {};
  return {
    imagePositionPatient: numbers(group('PlanePositionSequence').ImagePositionPatient),
    imageOrientationPatient: numbers(group('PlaneOrientationSequence').ImageOrientationPatient),
    pixelSpacing: numbers(group('PixelMeasuresSequence').PixelSpacing),
  };
}

/**
 * One stored file read with dcmjs: the images a SEG can reference in it, one for a single-frame instance,
 * one a frame for a multi-frame one. Some exports (TotalSegmentator's example CT) leave the dataset's SOP
 * UIDs empty: the file meta's stand in, and for the class, the modality's image storage.
 */
function readInstance(bytes: Uint8Array): { images: SourceInstance[]; dataset: NaturalDataset } {
  let file;
  try {
    file = dcmjs.data.DicomMessage.readFile(bytes.slice().buffer);
  } catch (error) {
    throw conflict(`${NO_DICOM} (${String(error)})`);
  }
  const { naturalizeDataset } = dcmjs.data.DicomMetaDictionary;
  const ds = naturalizeDataset(file.dict);
  const meta = naturalizeDataset(file.meta);
  const sopClassUid =
    text(ds.SOPClassUID) ??
    text(meta.MediaStorageSOPClassUID) ??
    STORAGE_BY_MODALITY[String(ds.Modality)] ??
    null;
  const sopInstanceUid = text(ds.SOPInstanceUID) ?? text(meta.MediaStorageSOPInstanceUID);
  const [rows, columns] = [Number(ds.Rows), Number(ds.Columns)];
  if (!sopClassUid || !sopInstanceUid || !rows || !columns) throw conflict(NO_DICOM);
  const image = { sopClassUid, sopInstanceUid, rows, columns };
  const frames = Number(ds.NumberOfFrames ?? 1) || 1;
  const single = {
    ...image,
    imagePositionPatient: numbers(ds.ImagePositionPatient),
    imageOrientationPatient: numbers(ds.ImageOrientationPatient),
    pixelSpacing: numbers(ds.PixelSpacing),
  };
  // An enhanced instance of one frame keeps its geometry in functional groups too.
  if (frames === 1 && single.imagePositionPatient.length === 3) return { images: [single], dataset: ds };
  const images = Array.from({ length: frames }, (_, i) => ({
    ...image,
    frameNumber: i + 1,
    ...frameGeometry(ds, i),
  }));
  if (images.some((f) => f.imagePositionPatient.length !== 3 || f.imageOrientationPatient.length !== 6))
    throw conflict(NO_FRAME_GEOMETRY);
  return { images, dataset: ds };
}

/** Every file of the series' `dicom/` folder: it holds the series' instances only, whatever their names. */
async function storedInstances(storage: Pick<Storage, 'path'>, folder: StorageKey): Promise<string[]> {
  const dir = await storage.path(seriesPartKey(folder, 'dicom'));
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort()
    .map((n) => `${dir}/${n}`);
}

/**
 * Reads the headers of the series' stored (de-identified when the team anonymises) DICOM files and
 * places their images (instances, or the frames of multi-frame ones) on the grid of `niftiHeader` (a
 * mask's or the series' volume's first 348 bytes); 409 when the series has none, or ones off its grid.
 */
export async function placeSeries(
  storage: Pick<Storage, 'path'>,
  folder: StorageKey,
  niftiHeader: Uint8Array,
): Promise<SeriesPlacement> {
  const files = await storedInstances(storage, folder);
  if (!files.length) throw conflict(NO_DICOM);
  const instances: SourceInstance[] = [];
  let source: NaturalDataset | undefined;
  for (const file of files) {
    const read = readInstance(await readBytes(file));
    instances.push(...read.images);
    source ??= read.dataset;
  }
  const header = nifti.readHeader(niftiHeader.slice(0, 348).buffer);
  if (!header) throw conflict('The series’ NIfTI header cannot be read.');
  const dims: Triple = [header.dims[1] ?? 1, header.dims[2] ?? 1, header.dims[3] ?? 1];
  const placement = placeInstances(header.affine, dims, instances);
  if (!placement.ok) throw conflict(placement.error);
  return { dims, placed: placement.placed, source: source ?? {} };
}
