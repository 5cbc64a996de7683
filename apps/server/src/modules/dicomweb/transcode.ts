import dcmjs, { type DicomDataset } from 'dcmjs';
import { isEncapsulatedSyntax } from '@voxa/imaging';
import { HttpError, notFound } from '../../http/errors';
import { canDecode, CodecError, decodeFrame, type PixelDescription } from '../../platform/codecs/pixel-codec';
import { integerOf, PIXEL_DATA, textOf } from './dicom-json';
import { EXPLICIT_VR_LITTLE_ENDIAN, FRAME_MEDIA_TYPES, STORED_SYNTAX, type Wanted } from './wado-accept';

const TRANSFER_SYNTAX = '00020010';
const BIG_ENDIAN = '1.2.840.10008.1.2.2';
const PHOTOMETRIC = '00280004';
const PLANAR = '00280006';

/** Whether an instance stored in `stored` can be served as `wanted` (`*`: as stored). */
export function canServe(stored: string, wanted: Wanted): boolean {
  const kinds = FRAME_MEDIA_TYPES[wanted.type];
  if (kinds) return kinds.includes(stored) && (wanted.syntax === STORED_SYNTAX || wanted.syntax === stored);
  if (wanted.syntax === STORED_SYNTAX || wanted.syntax === stored) return true;
  return wanted.syntax === EXPLICIT_VR_LITTLE_ENDIAN && (!isEncapsulatedSyntax(stored) || canDecode(stored));
}

/** The first of `wanted` every stored syntax can be served as; 406 when none is. */
export function servedAs(stored: readonly string[], wanted: readonly Wanted[]): Wanted {
  const found = wanted.find((w) => stored.every((s) => canServe(s, w)));
  if (found !== undefined) return found;
  const asked = wanted.map((w) => `${w.type} (${w.syntax})`).join(', ') || 'nothing it serves';
  throw new HttpError(
    406,
    `Not acceptable: instances stored as ${[...new Set(stored)].join(', ')} cannot be served as ${asked}.`,
  );
}

export function pixelDescriptionOf(dict: DicomDataset): PixelDescription {
  const samplesPerPixel = integerOf(dict, '00280002') ?? 1;
  const bitsAllocated = integerOf(dict, '00280100') ?? 16;
  return {
    rows: integerOf(dict, '00280010') ?? 0,
    columns: integerOf(dict, '00280011') ?? 0,
    samplesPerPixel,
    bitsAllocated,
    bitsStored: integerOf(dict, '00280101') ?? bitsAllocated,
    pixelRepresentation: integerOf(dict, '00280103') ?? 0,
    planarConfiguration: integerOf(dict, PLANAR) ?? 0,
    photometricInterpretation: textOf(dict, PHOTOMETRIC) || (samplesPerPixel === 3 ? 'RGB' : 'MONOCHROME2'),
  };
}

/** The encapsulated frames of a dataset: dcmjs gives one buffer per frame, or one frame's fragments. */
export function encapsulatedFrames(dict: DicomDataset): Uint8Array[] {
  const buffers = (dict[PIXEL_DATA]?.Value ?? []) as ArrayBuffer[];
  const count = integerOf(dict, '00280008') ?? 1;
  if (count === 1) return [Buffer.concat(buffers.map((b) => new Uint8Array(b)))];
  return buffers.map((b) => new Uint8Array(b));
}

/** One encapsulated frame decoded; a frame its codec cannot read is 406 (it cannot be served so). */
export async function decodedFrame(frame: Uint8Array, syntax: string, pixel: PixelDescription) {
  try {
    return await decodeFrame(frame, syntax, pixel);
  } catch (error) {
    if (error instanceof CodecError) throw new HttpError(406, `Not acceptable: ${error.message}`);
    throw error;
  }
}

/**
 * Native pixel bytes of a stored syntax as little endian: dcmjs reads Explicit VR Big Endian pixel data
 * as the file's bytes, so words wider than a byte are swapped here (a copy).
 */
export function littleEndianPixels(pixels: Uint8Array, stored: string, bitsAllocated: number): Uint8Array {
  const size = bitsAllocated / 8;
  if (stored !== BIG_ENDIAN || size <= 1 || !Number.isInteger(size)) return pixels;
  const out = Uint8Array.from(pixels);
  for (let start = 0; start + size <= out.length; start += size) out.subarray(start, start + size).reverse();
  return out;
}

/**
 * A stored Part 10 file in `wanted` (checked with canServe first): the same bytes for its own syntax or
 * `*`, else rewritten as Explicit VR Little Endian, compressed pixel data decoded frame by frame.
 */
export async function instanceIn(bytes: Uint8Array, stored: string, wanted: string): Promise<Uint8Array> {
  if (wanted === STORED_SYNTAX || wanted === stored) return bytes;
  const file = dcmjs.data.DicomMessage.readFile(bytes.slice().buffer);
  const pixelData = file.dict[PIXEL_DATA];
  if (pixelData && isEncapsulatedSyntax(stored)) {
    const pixel = pixelDescriptionOf(file.dict);
    const frames = encapsulatedFrames(file.dict);
    if (frames.length === 0) throw notFound('The instance has no pixel data.');
    const decoded = [];
    for (const frame of frames) decoded.push(await decodedFrame(frame, stored, pixel));
    const [first] = decoded;
    const all = Buffer.concat(decoded.map((d) => d.pixels));
    // Native pixel data is an even number of bytes (PS3.5 8.1.1).
    const even = all.length % 2 === 0 ? all : Buffer.concat([all, Buffer.alloc(1)]);
    file.dict[PIXEL_DATA] = {
      vr: pixel.bitsAllocated > 8 ? 'OW' : 'OB',
      Value: [even.buffer.slice(even.byteOffset, even.byteOffset + even.byteLength)],
    };
    if (first) {
      file.dict[PHOTOMETRIC] = { vr: 'CS', Value: [first.photometricInterpretation] };
      if (pixel.samplesPerPixel > 1) file.dict[PLANAR] = { vr: 'US', Value: [first.planarConfiguration] };
    }
  } else if (pixelData && stored === BIG_ENDIAN) {
    const bits = integerOf(file.dict, '00280100') ?? 16;
    const values = (pixelData.Value ?? []) as ArrayBuffer[];
    pixelData.Value = values.map((v) => littleEndianPixels(new Uint8Array(v), stored, bits).buffer);
  }
  file.meta[TRANSFER_SYNTAX] = { vr: 'UI', Value: [EXPLICIT_VR_LITTLE_ENDIAN] };
  return new Uint8Array(file.write({ allowInvalidVRLength: true, fragmentMultiframe: false }));
}
