import { labelMaskVoxels, labelVolume, maybeGunzip, type LabelVolume, type Vec3 } from '@voxa/imaging';

/** Masks are one 3D volume on the series' grid; a mask this large is refused rather than inflated. */
const MAX_MASK_BYTES = 2 * 1024 ** 3;

/**
 * A loaded mask: the whole .nii file as the server wrote it, and the painting core's view of its voxels,
 * which writes through to those bytes. Saving sends the same bytes, header untouched.
 */
export interface MaskFile {
  bytes: Uint8Array<ArrayBuffer>;
  volume: LabelVolume;
}

/** Reads a mask download (.nii.gz or .nii). */
export async function readMaskFile(download: Uint8Array): Promise<MaskFile> {
  const bytes = await maybeGunzip(download, MAX_MASK_BYTES);
  // A copy of our own: the core edits in place, and a uint16 view needs an even start.
  const own = new Uint8Array(bytes);
  const header = new DataView(own.buffer, 0, 348);
  const dims: Vec3 = [header.getInt16(42, true), header.getInt16(44, true), header.getInt16(46, true)];
  const spacing: Vec3 = [
    Math.abs(header.getFloat32(80, true)) || 1,
    Math.abs(header.getFloat32(84, true)) || 1,
    Math.abs(header.getFloat32(88, true)) || 1,
  ];
  return { bytes: own, volume: labelVolume(labelMaskVoxels(own), dims, spacing) };
}

/** The mask file gzipped for the save request (the browser's CompressionStream). */
export async function gzipMask(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
