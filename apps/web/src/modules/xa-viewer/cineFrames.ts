import {
  displayForRange,
  niftiDisplayRange,
  niftiSlice,
  readNiftiVolume,
  renderRgba,
  type Display,
  type NiftiVolume,
} from '@voxa/imaging';

/** Rendered frames kept for replay up to this many bytes; a longer run renders each frame when shown. */
const CACHE_BYTES = 256 * 1024 * 1024;

/** The frames of a cine run's volume (its slices), drawn as ImageData on demand. */
export interface CineFrames {
  width: number;
  height: number;
  count: number;
  image(frame: number): ImageData;
}

/**
 * The frames of a converted cine run: the volume's slices, windowed over the run's own range (an XA
 * file carries no window of its own as a rule), first row on top as the DICOM frame was.
 */
export function cineFrames(bytes: ArrayBuffer): CineFrames {
  const read = readNiftiVolume(bytes);
  if (!read.ok) throw new Error(`The series cannot be shown: ${read.error}`);
  const volume: NiftiVolume = read.volume;
  const display: Display = displayForRange(niftiDisplayRange(volume));
  const { width, height, slices } = volume;
  const keep = width * height * 4 * slices <= CACHE_BYTES;
  const cache = new Map<number, ImageData>();
  return {
    width,
    height,
    count: slices,
    image(frame) {
      const cached = cache.get(frame);
      if (cached) return cached;
      const image = new ImageData(renderRgba(niftiSlice(volume, frame), display), width, height);
      if (keep) cache.set(frame, image);
      return image;
    },
  };
}
