import { scanHeaderDataSet } from './scan-header';
import { TAG } from './tags';

const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
/** Tag, VR, 2 reserved bytes and a 4-byte length: the header of an OB or OW element in explicit VR. */
const LONG_ELEMENT_HEADER = 12;

/**
 * Where the top-level Pixel Data element starts in a Part 10 file in explicit VR little endian whose
 * Pixel Data (native, of defined length) is the last element; null for any other file. A writer can
 * then rewrite the attributes before it and carry the pixel bytes over as they are.
 */
export function trailingPixelDataStart(bytes: Uint8Array): number | null {
  const ds = scanHeaderDataSet(bytes, null);
  const pixels = ds?.elements[TAG.PixelData];
  if (!ds || !pixels || pixels.hadUndefinedLength) return null;
  if (ds.string(TAG.TransferSyntaxUID) !== EXPLICIT_VR_LITTLE_ENDIAN) return null;
  if (pixels.vr !== 'OB' && pixels.vr !== 'OW') return null;
  return pixels.dataOffset + pixels.length === bytes.length ? pixels.dataOffset - LONG_ELEMENT_HEADER : null;
}

/**
 * Whether a Part 10 file of `size` bytes ends inside its top-level Pixel Data (of defined length): an
 * instance cut short in transfer, which no reader can show and no store keeps (decision 0091). `bytes`
 * may be its head only (up to Pixel Data). False when not known.
 */
export function pixelDataCutShort(bytes: Uint8Array, size = bytes.length): boolean {
  const pixels = scanHeaderDataSet(bytes, null)?.elements[TAG.PixelData];
  if (!pixels || pixels.hadUndefinedLength) return false;
  return pixels.dataOffset + pixels.length > size;
}
