import dcmjs, { type DicomDataset } from 'dcmjs';
import { trailingPixelDataStart } from '@voxa/imaging';

/** One attribute in the DICOM JSON model (PS3.18 F.2). */
export interface JsonAttribute {
  vr: string;
  Value?: unknown[];
  InlineBinary?: string;
  BulkDataURI?: string;
}
export type JsonDataset = Record<string, JsonAttribute>;

export const PIXEL_DATA = '7FE00010';
const BINARY_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);

/** A parsed Part 10 file: its dataset and its file meta (transfer syntax). */
export interface ParsedDicom {
  dict: DicomDataset;
  transferSyntax: string;
}

/**
 * Reads a Part 10 file with dcmjs. With `withoutPixels`, a file whose native pixel data ends it is read up
 * to that element only (a few KB instead of the whole image), and the pixel data is noted without bytes.
 */
export function parseDicom(bytes: Uint8Array, withoutPixels = false): ParsedDicom {
  const pixels = withoutPixels ? trailingPixelDataStart(bytes) : null;
  const head = pixels === null ? bytes : bytes.subarray(0, pixels);
  const file = dcmjs.data.DicomMessage.readFile(head.slice().buffer);
  if (pixels !== null) file.dict[PIXEL_DATA] = { vr: 'OW', Value: [] };
  const syntax = file.meta['00020010']?.Value?.[0];
  return { dict: file.dict, transferSyntax: typeof syntax === 'string' ? syntax : '' };
}

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * A dcmjs dataset in the DICOM JSON model: empty values dropped, binary values inline (base64), the pixel
 * data as a bulk data URI when `bulkDataUri` is given (else left out), sequences recursively.
 */
export function toDicomJson(dict: DicomDataset, bulkDataUri?: string): JsonDataset {
  const out: JsonDataset = {};
  for (const [tag, element] of Object.entries(dict)) {
    const vr = element.vr;
    if (tag === PIXEL_DATA) {
      if (bulkDataUri) out[tag] = { vr: vr === 'OB' ? 'OB' : 'OW', BulkDataURI: bulkDataUri };
      continue;
    }
    const values = element.Value ?? [];
    if (vr === 'SQ') {
      out[tag] = { vr, Value: values.map((item) => toDicomJson(item as DicomDataset)) };
      continue;
    }
    if (BINARY_VRS.has(vr)) {
      const buffers = values.filter((v): v is ArrayBuffer => v instanceof ArrayBuffer);
      const bytes = Buffer.concat(buffers.map((b) => Buffer.from(b)));
      out[tag] = bytes.length > 0 ? { vr, InlineBinary: bytes.toString('base64') } : { vr };
      continue;
    }
    const kept = values.map((v) => (isEmpty(v) ? null : v));
    out[tag] = kept.some((v) => v !== null) ? { vr, Value: kept } : { vr };
  }
  return out;
}

/** The first value of an attribute as text ('' when absent); a person name by its alphabetic group. */
export function textOf(dataset: JsonDataset | DicomDataset, tag: string): string {
  const value = dataset[tag]?.Value?.[0];
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && 'Alphabetic' in value) return String(value.Alphabetic ?? '');
  return String(value);
}

/** The first value of an attribute as an integer, or null. */
export function integerOf(dataset: JsonDataset | DicomDataset, tag: string): number | null {
  const n = Number.parseInt(textOf(dataset, tag), 10);
  return Number.isFinite(n) ? n : null;
}
