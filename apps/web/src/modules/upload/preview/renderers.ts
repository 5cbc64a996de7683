import {
  createDcm2niixConverter,
  decodeDicomFrame,
  displayForDicom,
  maybeGunzip,
  displayForRange,
  niftiDisplayRange,
  niftiSlice,
  readNiftiVolume,
  renderRgba,
  type NiftiVolume,
} from '@voxa/imaging';
import createDcm2niix from 'virtual:dcm2niix-jpeg';
import { encodePng } from './encodePng';
import type { ConvertResult, PreviewFailure, PreviewRequest, RenderResult } from './protocol';

type Request<T extends PreviewRequest['type']> = Extract<PreviewRequest, { type: T }>;

/** A DICOM file's bytes, inflated when it is gzip (a GzipError's reason becomes the tile's 'Error'). */
const dicomBytesOf = async (file: File, maxInflatedBytes: number) =>
  maybeGunzip(new Uint8Array(await file.arrayBuffer()), maxInflatedBytes);

export async function renderDicom({
  file,
  frame,
  maxInflatedBytes,
}: Request<'dicom'>): Promise<RenderResult> {
  const decoded = decodeDicomFrame(await dicomBytesOf(file, maxInflatedBytes), frame);
  if (!decoded.ok) return decoded;
  const { header } = decoded;
  const rgba = renderRgba(decoded.frame, displayForDicom(header));
  // PixelSpacing is (row spacing, column spacing); previewSize wants columns first.
  const spacing = header.pixelSpacing
    ? ([header.pixelSpacing[1], header.pixelSpacing[0]] as [number, number])
    : undefined;
  const png = await encodePng(rgba, decoded.frame.width, decoded.frame.height, spacing);
  return { ok: true, png, slices: header.numberOfFrames };
}

/** Parsed volumes of the last few NIfTI blobs: sliding through a series re-reads no file. */
const volumes = new Map<string, NiftiVolume | PreviewFailure>();
const KEPT_VOLUMES = 2;

async function volumeOf(key: string, file: Blob): Promise<NiftiVolume | PreviewFailure> {
  const kept = volumes.get(key);
  if (kept) return kept;
  const result = readNiftiVolume(await file.arrayBuffer());
  const volume = result.ok ? result.volume : result;
  volumes.set(key, volume);
  for (const old of [...volumes.keys()].slice(0, Math.max(volumes.size - KEPT_VOLUMES, 0)))
    volumes.delete(old);
  return volume;
}

export async function renderNifti({ file, key, slice, display }: Request<'nifti'>): Promise<RenderResult> {
  const volume = await volumeOf(key, file);
  if ('ok' in volume) return volume;
  if (slice < 0 || slice >= volume.slices)
    return { ok: false, reason: 'no-image', error: 'Invalid slice index' };
  const frame = niftiSlice(volume, slice);
  const rgba = renderRgba(frame, display ?? displayForRange(niftiDisplayRange(volume)));
  const png = await encodePng(rgba, frame.width, frame.height, volume.spacing);
  return { ok: true, png, slices: volume.slices };
}

/** One long-lived dcm2niix instance per worker, created on the first compressed series. */
let converter: ReturnType<typeof createDcm2niixConverter> | null = null;

export async function convertSeries({ files, maxInflatedBytes }: Request<'convert'>): Promise<ConvertResult> {
  converter ??= createDcm2niixConverter(createDcm2niix);
  // dcm2niix reads no gzip: a `.dcm.gz` goes in inflated, named as the plain file.
  const inputs = await Promise.all(
    files.map(async (file) => ({
      name: file.name.replace(/\.gz$/i, ''),
      bytes: await dicomBytesOf(file, maxInflatedBytes),
    })),
  );
  const result = await converter.convert(inputs);
  if (!result.ok) return { ok: false, reason: 'error', error: result.error };
  return { ok: true, nifti: new Blob([result.nifti]) };
}
