import type { DataSet } from 'dicom-parser';
import { parseDicom } from './parser';
import type { DicomHeader } from '../types';
import { headerFromDataSet } from './header-fields';
import { scanHeaderDataSet } from './scan-header';
import { TAG } from './tags';

export type DicomHeaderResult = { ok: true; header: DicomHeader } | { ok: false; error: string };

export interface ReadDicomHeaderOptions {
  /**
   * Raw (headerless) inflate for Deflated Explicit VR Little Endian files, e.g. fflate's `inflateSync`
   * or Node's `zlib.inflateRawSync`. Browsers have no synchronous inflate, so without it such files
   * give an error result (the same in every environment).
   */
  inflateRaw?: (deflated: Uint8Array) => Uint8Array;
}

const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const IMPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2';
export const NOT_DICOM_ERROR = 'Not a DICOM file';
export const EMPTY_FILE_ERROR = 'Empty file';
const DEFLATE_NEEDS_INFLATER = 'Deflated Explicit VR Little Endian needs the inflateRaw option';

function hasPart10Prefix(bytes: Uint8Array): boolean {
  return bytes.length >= 132 && String.fromCharCode(...bytes.subarray(128, 132)) === 'DICM';
}

/**
 * The transfer syntax of a data set stored without preamble and meta header, or null when the bytes
 * do not start like one: the first tag must be in group 0002 or 0008, and a VR after it means explicit VR.
 */
function rawTransferSyntax(bytes: Uint8Array): string | null {
  if (bytes.length < 8) return null;
  const group = (bytes[0] as number) | ((bytes[1] as number) << 8);
  if (group !== 0x0002 && group !== 0x0008) return null;
  const isLetter = (byte: number | undefined) => byte !== undefined && byte >= 0x41 && byte <= 0x5a;
  return isLetter(bytes[4]) && isLetter(bytes[5]) ? EXPLICIT_VR_LITTLE_ENDIAN : IMPLICIT_VR_LITTLE_ENDIAN;
}

function inflater(options: ReadDicomHeaderOptions) {
  return (bytes: Uint8Array, position: number): Uint8Array => {
    if (!options.inflateRaw) throw new Error(DEFLATE_NEEDS_INFLATER);
    const inflated = options.inflateRaw(bytes.subarray(position));
    const whole = new Uint8Array(position + inflated.length);
    whole.set(bytes.subarray(0, position));
    whole.set(inflated, position);
    return whole;
  };
}

/** A top-level element (other than pixel data, which parsing stops at) that runs past the end of the bytes. */
function runsPastEnd(ds: DataSet): boolean {
  const end = ds.byteArray.length;
  // A plain loop: this runs on every file of a drop, and an array of the elements cost a tenth of a parse.
  for (const tag in ds.elements) {
    const element = ds.elements[tag] as DataSet['elements'][string];
    if (tag !== TAG.PixelData && !element.hadUndefinedLength && element.dataOffset + element.length > end)
      return true;
  }
  return false;
}

function message(thrown: unknown): string {
  // dicom-parser throws plain strings as well as Errors.
  return thrown instanceof Error ? thrown.message : String(thrown);
}

export type ParsedDataSet = { ok: true; ds: DataSet; part10: boolean } | { ok: false; error: string };

type Detected = { ok: true; part10: boolean; rawSyntax: string | null } | { ok: false; error: string };

/** Part 10, or a bare data set in the transfer syntax its first bytes suggest, or not DICOM. */
function detect(bytes: Uint8Array): Detected {
  if (bytes.length === 0) return { ok: false, error: EMPTY_FILE_ERROR };
  const part10 = hasPart10Prefix(bytes);
  const rawSyntax = part10 ? null : rawTransferSyntax(bytes);
  if (!part10 && rawSyntax === null) return { ok: false, error: NOT_DICOM_ERROR };
  return { ok: true, part10, rawSyntax };
}

/**
 * Parses a Part 10 file or a bare little-endian data set, up to `untilTag` when given (the header reader
 * stops at Pixel Data; the pixel decoder reads it all). Never throws.
 */
export function parseDataSet(
  bytes: Uint8Array,
  options: ReadDicomHeaderOptions = {},
  untilTag?: string,
): ParsedDataSet {
  const detected = detect(bytes);
  if (!detected.ok) return detected;
  const { part10, rawSyntax } = detected;
  try {
    const ds = parseDicom(bytes, {
      ...(untilTag ? { untilTag } : {}),
      inflater: inflater(options),
      ...(rawSyntax ? { TransferSyntaxUID: rawSyntax } : {}),
    });
    return { ok: true, ds, part10 };
  } catch (thrown) {
    return { ok: false, error: `Could not read DICOM header: ${message(thrown)}` };
  }
}

function headerResult(ds: DataSet, part10: boolean): DicomHeaderResult {
  try {
    const header = headerFromDataSet(ds);
    if (!part10 && !header.sopClassUid && !header.studyInstanceUid)
      return { ok: false, error: NOT_DICOM_ERROR };
    return { ok: true, header };
  } catch (thrown) {
    return { ok: false, error: `Could not read DICOM header: ${message(thrown)}` };
  }
}

/** `readDicomHeader` through dicom-parser's full parse: the path of every file the scanner gives back. */
export function readDicomHeaderInFull(
  bytes: Uint8Array,
  options: ReadDicomHeaderOptions = {},
): DicomHeaderResult {
  const parsed = parseDataSet(bytes, options, TAG.PixelData);
  if (!parsed.ok) return parsed;
  const { ds, part10 } = parsed;
  if (runsPastEnd(ds)) return { ok: false, error: 'Truncated DICOM file' };
  return headerResult(ds, part10);
}

/**
 * Reads the header of one DICOM file (Part 10, or a bare data set in little endian). Parsing stops at
 * Pixel Data, so the cost does not grow with the image. Never throws: a malformed, truncated or
 * non-DICOM file gives `{ ok: false, error }`. The scanner (scan-header.ts) reads nearly every file; what
 * it gives back is parsed in full, with the same result.
 */
export function readDicomHeader(bytes: Uint8Array, options: ReadDicomHeaderOptions = {}): DicomHeaderResult {
  const detected = detect(bytes);
  if (!detected.ok) return detected;
  const scanned = scanHeaderDataSet(bytes, detected.rawSyntax);
  return scanned ? headerResult(scanned, detected.part10) : readDicomHeaderInFull(bytes, options);
}
