import type { DataSet } from 'dicom-parser';

/** Reads typed values out of a parsed data set; every reader gives null for an absent or empty value. */
export interface ValueReader {
  text(tag: string): string | null;
  texts(tag: string): string[];
  numbers(tag: string, binary?: BinaryVr): number[] | null;
  number(tag: string, binary?: BinaryVr): number | null;
}

/** How a number is stored when the VR is not written in the file (implicit VR): as text (DS, IS) or binary. */
export type BinaryVr = 'US' | 'FD' | 'FL';

const UTF8 = new TextDecoder('utf-8');
const LATIN1 = new TextDecoder('latin1');

/**
 * The value bytes of an element as text. UTF-8 when SpecificCharacterSet says ISO_IR 192, Latin-1
 * otherwise (a superset of the default repertoire); other character sets are left to a later step.
 */
function rawText(ds: DataSet, tag: string, utf8: boolean): string | null {
  const element = ds.elements[tag];
  if (!element || element.length <= 0 || element.length === 0xffffffff) return null;
  const start = element.dataOffset;
  const end = start + element.length;
  // Strings are padded with spaces or NULs to an even length; surrounding spaces carry no meaning.
  const text = (asciiText(ds.byteArray, start, end) ?? decode(ds.byteArray, start, end, utf8)).trim();
  return text === '' ? null : text;
}

function decode(bytes: Uint8Array, start: number, end: number, utf8: boolean): string {
  return (utf8 ? UTF8 : LATIN1).decode(bytes.subarray(start, end)).replaceAll('\u0000', ' ');
}

/**
 * The text of bytes that are all ASCII (as both decoders read them), NULs as spaces, or null for any
 * other byte. Most values are short ASCII, and a TextDecoder call costs more than reading them here.
 */
function asciiText(bytes: Uint8Array, start: number, end: number): string | null {
  if (end - start > 256) return null;
  let text = '';
  for (let index = start; index < end && index < bytes.length; index++) {
    const byte = bytes[index] as number;
    if (byte >= 0x80) return null;
    text += String.fromCharCode(byte === 0 ? 0x20 : byte);
  }
  return text;
}

function binaryNumbers(ds: DataSet, tag: string, vr: BinaryVr, length: number): number[] {
  const size = vr === 'US' ? 2 : vr === 'FL' ? 4 : 8;
  const read = vr === 'US' ? ds.uint16 : vr === 'FL' ? ds.float : ds.double;
  const values: number[] = [];
  for (let index = 0; index < Math.floor(length / size); index++)
    values.push(read.call(ds, tag, index) ?? NaN);
  return values;
}

const BINARY_VRS: ReadonlySet<string> = new Set(['US', 'FD', 'FL']);

export function valueReader(ds: DataSet, utf8: boolean): ValueReader {
  const text = (tag: string) => rawText(ds, tag, utf8);
  const texts = (tag: string) => (text(tag) ?? '').split('\\').map((part) => part.trim());
  const numbers = (tag: string, binary?: BinaryVr): number[] | null => {
    const element = ds.elements[tag];
    if (!element || element.length <= 0) return null;
    // An explicit VR in the file wins; the hint only serves implicit VR files.
    const vr = element.vr ?? binary;
    const values =
      vr !== undefined && BINARY_VRS.has(vr)
        ? binaryNumbers(ds, tag, vr as BinaryVr, element.length)
        : texts(tag).map((part) => (part === '' ? NaN : Number(part)));
    return values.length > 0 && values.every(Number.isFinite) ? values : null;
  };
  return {
    text,
    texts: (tag) => texts(tag).filter((part) => part !== ''),
    numbers,
    number: (tag, binary) => numbers(tag, binary)?.[0] ?? null,
  };
}
