import { inflateRawSync } from 'node:zlib';
import type { ServerSeries } from '@voxa/contracts';
import {
  decodeDicomFrame,
  dicomSliceSource,
  displayFor,
  displayForDicom,
  displayForRange,
  GzipError,
  isEncapsulatedSyntax,
  niftiDisplayRange,
  niftiSlice,
  previewSize,
  readNiftiVolume,
  renderRgba,
  validateSliceIndex,
  type Display,
  type NiftiVolume,
  type PixelFrame,
} from '@voxa/imaging';
import { unprocessable } from '../../http/errors';
import { ConversionError } from '../../platform/dcm2niix';
import { maybeGunzip } from '../../platform/gzip';
import { encodePng } from '../../platform/png/encode';
import { readBytes, relativeKey } from '../../platform/storage';
import { convertedNifti } from './converted';
import { inflatedKey } from '../../platform/storage/layout';
import { resizeRgba } from './resize';
import type { ArchiveDeps } from './service';

export interface Preview {
  png: Buffer;
  /** Slices of the volume shown (the header X-Slices). */
  slices: number;
}

interface Where {
  teamId: number;
  session: string;
}

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

/** 422 with the page's placeholder reason (errors.preview: no-image or error). */
const refuse = (reason: 'no-image' | 'error', message: string) =>
  unprocessable(message, { preview: [reason] });

function toPng(
  frame: PixelFrame,
  display: Display,
  spacing: [number, number] | undefined,
  slices: number,
): Preview {
  const size = previewSize(frame.width, frame.height, spacing);
  const rgba = renderRgba(frame, display);
  const pixels = resizeRgba(rgba, frame.width, frame.height, size.width, size.height);
  return { png: encodePng(pixels, size.width, size.height), slices };
}

/** Volumes parsed last: sliding through one series reads its file once. */
const volumes = new Map<string, NiftiVolume>();
const KEPT_VOLUMES = 2;

/** A file's bytes, inflated when it is gzip (`.nii.gz`, `.dcm.gz`), at most the upload's largest file. */
async function bytesOf(deps: ArchiveDeps, file: string): Promise<Uint8Array> {
  try {
    return await maybeGunzip(await readBytes(file), deps.config.UPLOAD_MAX_FILE_BYTES);
  } catch (error) {
    if (error instanceof GzipError) throw refuse('error', error.message);
    throw error;
  }
}

async function volumeAt(deps: ArchiveDeps, file: string): Promise<NiftiVolume> {
  const kept = volumes.get(file);
  if (kept) return kept;
  const bytes = await bytesOf(deps, file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const result = readNiftiVolume(buffer);
  if (!result.ok) throw refuse(result.reason === 'error' ? 'error' : 'no-image', result.error);
  volumes.set(file, result.volume);
  for (const old of [...volumes.keys()].slice(0, Math.max(volumes.size - KEPT_VOLUMES, 0)))
    volumes.delete(old);
  return result.volume;
}

function niftiPreview(volume: NiftiVolume, slice: number, display: Display | null): Preview {
  const check = validateSliceIndex(slice, volume.slices);
  if (!check.ok) throw refuse('no-image', check.error);
  const frame = niftiSlice(volume, slice);
  return toPng(frame, display ?? displayForRange(niftiDisplayRange(volume)), volume.spacing, volume.slices);
}

const fileOf = async (deps: ArchiveDeps, w: Where, p: string) =>
  deps.storage.path([...inflatedKey(w.teamId, w.session), ...relativeKey(p)]);

/** Encapsulated pixel data: the series converted once with dcm2niix, sliced as NIfTI in the series' window. */
async function viaConversion(deps: ArchiveDeps, w: Where, series: ServerSeries, slice: number) {
  let nifti: string;
  try {
    nifti = await convertedNifti(deps, w.teamId, w.session, series);
  } catch (error) {
    if (error instanceof ConversionError) throw refuse('error', error.message);
    throw error;
  }
  // dcm2niix keeps the DICOM rescale as scl_slope/scl_inter, so the series' window applies as it is.
  const display = displayFor({ ...series, modality: series.modalityCode, sopClassUid: series.SOPClassUID });
  return niftiPreview(await volumeAt(deps, nifti), slice, display);
}

/**
 * A PNG of slice `slice` of a series read from the session's archives, windowed as the page windows it
 * (apps/web preview renderers): native DICOM frames decoded directly, encapsulated ones through a
 * conversion, a NIfTI file in its own range. 422 when there is no such slice or no image.
 */
export async function renderPreview(
  deps: ArchiveDeps,
  w: Where,
  series: ServerSeries,
  slice: number,
): Promise<Preview> {
  if (series.type === 'nii') {
    const [file] = series.files;
    if (!file) throw refuse('no-image', 'The series has no file.');
    return niftiPreview(await volumeAt(deps, await fileOf(deps, w, file.path)), slice, null);
  }
  if (isEncapsulatedSyntax(series.transferSyntaxUID)) return viaConversion(deps, w, series, slice);
  const slices = Math.max(series.cnt, series.numberOfFrames);
  const check = validateSliceIndex(slice, slices);
  if (!check.ok) throw refuse('no-image', check.error);
  const { fileIndex, frame } = dicomSliceSource(series, slice);
  const file = series.files[fileIndex];
  if (!file) throw refuse('no-image', 'The series has no such file.');
  const decoded = decodeDicomFrame(await bytesOf(deps, await fileOf(deps, w, file.path)), frame, {
    inflateRaw,
  });
  // The series' first file may be native while this one is not.
  if (!decoded.ok && decoded.reason === 'encapsulated') return viaConversion(deps, w, series, slice);
  if (!decoded.ok) throw refuse(decoded.reason === 'error' ? 'error' : 'no-image', decoded.error);
  const { header } = decoded;
  // PixelSpacing is (row spacing, column spacing); previewSize wants columns first.
  const spacing = header.pixelSpacing
    ? ([header.pixelSpacing[1], header.pixelSpacing[0]] as [number, number])
    : undefined;
  return toPng(decoded.frame, displayForDicom(header), spacing, slices);
}
