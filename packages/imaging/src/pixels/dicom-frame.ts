import type { DataSet, Element } from 'dicom-parser';
import { headerFromDataSet } from '../dicom/header-fields';
import { parseDataSet, type ReadDicomHeaderOptions } from '../dicom/read-header';
import { TAG } from '../dicom/tags';
import type { DicomHeader } from '../types';
import type { FrameFailure, PixelFrame, PixelValues } from './pixel-frame';
import { EXPLICIT_VR_BIG_ENDIAN, isEncapsulatedSyntax } from './transfer-syntax';

export type DicomFrameResult = { ok: true; frame: PixelFrame; header: DicomHeader } | FrameFailure;

interface Layout {
  width: number;
  height: number;
  samples: number;
  bitsAllocated: number;
  bitsStored: number;
  signed: boolean;
  float: boolean;
}

const noImage = (error: string): FrameFailure => ({ ok: false, reason: 'no-image', error });
const damaged = (error: string): FrameFailure => ({ ok: false, reason: 'error', error });

function pixelElement(ds: DataSet): { element: Element; float: boolean } | null {
  const integer = ds.elements[TAG.PixelData];
  if (integer) return { element: integer, float: false };
  const float = ds.elements[TAG.FloatPixelData] ?? ds.elements[TAG.DoubleFloatPixelData];
  return float ? { element: float, float: true } : null;
}

function swapBytes(bytes: Uint8Array, size: number): void {
  for (let start = 0; start + size <= bytes.length; start += size) {
    bytes.subarray(start, start + size).reverse();
  }
}

function typedValues(buffer: ArrayBuffer, layout: Layout): PixelValues | null {
  const { bitsAllocated, signed, float } = layout;
  if (float) return bitsAllocated === 64 ? new Float64Array(buffer) : new Float32Array(buffer);
  if (bitsAllocated === 8) return signed ? new Int8Array(buffer) : new Uint8Array(buffer);
  if (bitsAllocated === 16) return signed ? new Int16Array(buffer) : new Uint16Array(buffer);
  if (bitsAllocated === 32) return signed ? new Int32Array(buffer) : new Uint32Array(buffer);
  return null;
}

/**
 * Keeps only the BitsStored low bits: unsigned values are masked (some files keep overlays in the high
 * bits), signed ones sign-extended from their top stored bit.
 */
function keepStoredBits(values: PixelValues, layout: Layout): void {
  const { bitsStored, bitsAllocated, signed, float } = layout;
  if (float || bitsStored >= bitsAllocated || bitsStored <= 0) return;
  const unused = 32 - bitsStored;
  const mask = 2 ** bitsStored - 1;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    values[i] = signed ? (value << unused) >> unused : value & mask;
  }
}

/** Interleaved RGB from RGB (either planar configuration) or YBR_FULL. */
function toRgb(bytes: Uint8Array, pixels: number, planar: boolean, photometric: string): Uint8ClampedArray {
  // Clamped: the YBR conversion can leave 0..255.
  const rgb = new Uint8ClampedArray(pixels * 3);
  const ybr = photometric === 'YBR_FULL';
  for (let p = 0; p < pixels; p++) {
    const [a, b, c] = planar
      ? [bytes[p], bytes[p + pixels], bytes[p + 2 * pixels]]
      : [bytes[3 * p], bytes[3 * p + 1], bytes[3 * p + 2]];
    if (ybr) {
      const y = a as number;
      const cb = (b as number) - 128;
      const cr = (c as number) - 128;
      rgb[3 * p] = y + 1.402 * cr;
      rgb[3 * p + 1] = y - 0.344136 * cb - 0.714136 * cr;
      rgb[3 * p + 2] = y + 1.772 * cb;
    } else {
      rgb[3 * p] = a as number;
      rgb[3 * p + 1] = b as number;
      rgb[3 * p + 2] = c as number;
    }
  }
  return rgb;
}

function layoutOf(ds: DataSet, header: DicomHeader, float: boolean): Layout | string {
  const width = header.columns ?? 0;
  const height = header.rows ?? 0;
  const samples = header.samplesPerPixel ?? 1;
  const bitsAllocated = header.bitsAllocated ?? 0;
  if (width < 1 || height < 1) return 'The image has no rows or columns';
  if (![8, 16, 32, 64].includes(bitsAllocated)) return `${bitsAllocated}-bit pixels are not supported`;
  if (samples !== 1 && !(samples === 3 && bitsAllocated === 8)) return `${samples} samples per pixel`;
  return {
    width,
    height,
    samples,
    bitsAllocated,
    bitsStored: header.bitsStored ?? bitsAllocated,
    signed: ds.uint16(TAG.PixelRepresentation) === 1,
    float,
  };
}

/**
 * One frame of a DICOM file with native (uncompressed) pixel data, as stored values. Encapsulated data is
 * reported as such for a codec to handle. Never throws.
 */
export function decodeDicomFrame(
  bytes: Uint8Array,
  frameIndex: number,
  options: ReadDicomHeaderOptions = {},
): DicomFrameResult {
  const parsed = parseDataSet(bytes, options);
  if (!parsed.ok) return damaged(parsed.error);
  const { ds } = parsed;
  const header = headerFromDataSet(ds);
  const pixels = pixelElement(ds);
  if (!pixels) return noImage('The file has no pixel data');
  if (isEncapsulatedSyntax(header.transferSyntaxUid) || pixels.element.encapsulatedPixelData) {
    return { ok: false, reason: 'encapsulated', error: `Transfer syntax ${header.transferSyntaxUid}` };
  }
  const layout = layoutOf(ds, header, pixels.float);
  if (typeof layout === 'string') return noImage(layout);
  if (frameIndex < 0 || frameIndex >= header.numberOfFrames) return noImage(`No frame ${frameIndex}`);

  const frameBytes = (layout.width * layout.height * layout.samples * layout.bitsAllocated) / 8;
  const start = pixels.element.dataOffset + frameIndex * frameBytes;
  const end = start + frameBytes;
  if (end > ds.byteArray.length || end > pixels.element.dataOffset + pixels.element.length) {
    return damaged('Truncated DICOM file: the pixel data is incomplete');
  }
  // A copy: typed arrays need aligned offsets, and big endian data is swapped in place.
  const raw = ds.byteArray.slice(start, end);
  const { width, height } = layout;
  if (layout.samples === 3) {
    const planar = ds.uint16(TAG.PlanarConfiguration) === 1;
    const rgb = toRgb(raw, width * height, planar, header.photometricInterpretation ?? 'RGB');
    return { ok: true, header, frame: { kind: 'rgb', width, height, rgb } };
  }
  if (header.transferSyntaxUid === EXPLICIT_VR_BIG_ENDIAN && layout.bitsAllocated > 8) {
    swapBytes(raw, layout.bitsAllocated / 8);
  }
  const values = typedValues(raw.buffer, layout);
  if (!values) return noImage(`${layout.bitsAllocated}-bit pixels are not supported`);
  keepStoredBits(values, layout);
  return { ok: true, header, frame: { kind: 'gray', width, height, values } };
}
