import { inflateRawSync } from 'node:zlib';
import { decodeDicomFrame, displayForDicom, isEncapsulatedSyntax, renderRgba } from '@voxa/imaging';
import { HttpError, notFound } from '../../http/errors';
import { canDecode, encodeJpeg } from '../../platform/codecs/pixel-codec';
import { encodePng } from '../../platform/png/encode';
import { instanceIn } from './transcode';
import { EXPLICIT_VR_LITTLE_ENDIAN, type RenderedType } from './wado-accept';

/** Quality of a rendered JPEG: what viewers' thumbnails use, sharp enough to read a slice. */
const JPEG_QUALITY = 90;

/**
 * One frame drawn in the instance's own window as a PNG or a JPEG; compressed pixel data is decoded
 * first. 406 for a syntax no codec here reads, 404 for an instance without an image or that frame.
 */
export async function renderedFrame(
  bytes: Uint8Array,
  storedSyntax: string,
  frame: number,
  type: RenderedType,
): Promise<Uint8Array> {
  if (isEncapsulatedSyntax(storedSyntax) && !canDecode(storedSyntax))
    throw new HttpError(406, `Not acceptable: no decoder for transfer syntax ${storedSyntax}.`);
  const native = isEncapsulatedSyntax(storedSyntax)
    ? await instanceIn(bytes, storedSyntax, EXPLICIT_VR_LITTLE_ENDIAN)
    : bytes;
  const decoded = decodeDicomFrame(native, frame - 1, {
    inflateRaw: (b) => new Uint8Array(inflateRawSync(b)),
  });
  if (!decoded.ok) throw notFound(decoded.error);
  const { width, height } = decoded.frame;
  const rgba = renderRgba(decoded.frame, displayForDicom(decoded.header));
  if (type === 'image/png')
    return encodePng(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height);
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) rgb.set(rgba.subarray(4 * p, 4 * p + 3), 3 * p);
  return encodeJpeg(rgb, { width, height, samples: 3 }, JPEG_QUALITY);
}
