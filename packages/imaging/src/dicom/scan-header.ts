import type { DataSet, Element } from 'dicom-parser';
import { FUNCTIONAL_GROUPS } from './functional-groups';
import { bigEndianByteArrayParser, littleEndianByteArrayParser, newDataSet } from './parser';
import { MACRO, TAG } from './tags';
import { DICOM_STREAM } from './encoding';

/**
 * A header scanner that walks the element stream exactly as dicom-parser's `parseDicom` does (the same
 * positions, sequences and items, the same stop at Pixel Data) but builds only the elements the header
 * reads, so a file costs a walk instead of a few hundred objects. Wherever dicom-parser would throw, warn
 * or read past the end, or the file takes a path the walk does not follow (deflate, group 0002 repeated
 * in the data set, encapsulated pixel data in a sequence, a truncated element), it gives up and the
 * caller parses in full: the result is then dicom-parser's, error messages included.
 */

type Elements = Record<string, Element>;

/** Thrown to give the file back to dicom-parser; one object, as a throw here should cost nothing. */
const LEAVE = new Error('left to dicom-parser');

const {
  undefinedLength: UNDEFINED_LENGTH,
  item: ITEM,
  itemEnd: ITEM_END,
  sequenceEnd: SEQUENCE_END,
  pixelData: PIXEL_DATA,
} = DICOM_STREAM;
const LAST_META_TAG = 0x0002ffff;
const NO_TAG = -1;

const IMPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2';
const EXPLICIT_VR_BIG_ENDIAN = '1.2.840.10008.1.2.2';
const DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1.99';

const tagNumber = (tag: string) => parseInt(tag.slice(1), 16);

/** Every tag the header reads, at the top level or in a functional group: built, the others skipped. */
const KEPT: ReadonlyMap<number, string> = new Map(
  [...Object.values(TAG), ...Object.values(MACRO), ...FUNCTIONAL_GROUPS].map((tag) => [tagNumber(tag), tag]),
);

const vrCode = (vr: string) => vr.charCodeAt(0) * 256 + vr.charCodeAt(1);
/** VRs whose length takes 4 bytes after 2 reserved ones (dicom-parser's list). */
const LONG_VRS: ReadonlySet<number> = new Set(
  ['OB', 'OD', 'OL', 'OW', 'SQ', 'OF', 'UC', 'UR', 'UT', 'UN'].map(vrCode),
);
const SQ = vrCode('SQ');
const UN = vrCode('UN');

/** dicom-parser's `readFixedString`: the bytes as char codes, ending at the first NUL. */
function fixedString(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let index = start; index < start + length; index++) {
    const byte = bytes[index] as number;
    if (byte === 0) break;
    text += String.fromCharCode(byte);
  }
  return text;
}

function newElement(tag: string, vr: string | undefined, length: number, dataOffset: number): Element {
  const element: Element = { tag, length, dataOffset };
  if (vr !== undefined) element.vr = vr;
  if (length === UNDEFINED_LENGTH) element.hadUndefinedLength = true;
  return element;
}

class Walk {
  pos = 0;
  /** Offset and length of the element read last at this level, for the truncation check. */
  lastOffset = 0;
  lastLength = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly little: boolean,
  ) {}

  u16(): number {
    const { bytes, pos } = this;
    if (pos + 2 > bytes.length) throw LEAVE;
    this.pos = pos + 2;
    const a = bytes[pos] as number;
    const b = bytes[pos + 1] as number;
    return this.little ? a | (b << 8) : (a << 8) | b;
  }

  u32(): number {
    const { bytes, pos } = this;
    if (pos + 4 > bytes.length) throw LEAVE;
    this.pos = pos + 4;
    const a = bytes[pos] as number;
    const b = bytes[pos + 1] as number;
    const c = bytes[pos + 2] as number;
    const d = bytes[pos + 3] as number;
    return (this.little ? a | (b << 8) | (c << 16) | (d << 24) : (a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  }

  tag(): number {
    return this.u16() * 0x10000 + this.u16();
  }

  /** The next tag without moving; the caller has checked that 4 bytes remain. */
  peekTag(): number {
    const tag = this.tag();
    this.pos -= 4;
    return tag;
  }

  /** One element (its sequence walked), kept in `into` when the header reads it; gives its tag. */
  element(into: Elements | null, explicit: boolean, untilTag: number): number {
    return explicit ? this.explicitElement(into, untilTag) : this.implicitElement(into, untilTag);
  }

  /** dicom-parser's `readDicomElementExplicit`. */
  explicitElement(into: Elements | null, untilTag: number): number {
    const tag = this.tag();
    const { bytes } = this;
    const vrAt = this.pos;
    if (vrAt + 2 > bytes.length) throw LEAVE;
    const v0 = bytes[vrAt] as number;
    const v1 = bytes[vrAt + 1] as number;
    this.pos += 2;
    const vr = v0 * 256 + v1;
    let length: number;
    if (LONG_VRS.has(vr)) {
      this.pos += 2;
      length = this.u32();
    } else {
      length = this.u16();
    }
    const dataOffset = this.pos;
    const key = into === null ? undefined : KEPT.get(tag);
    const element =
      key === undefined ? null : newElement(key, fixedString(bytes, vrAt, 2), length, dataOffset);
    if (tag !== untilTag) {
      if (vr === SQ) this.sequence(element, length, dataOffset, true);
      else if (length === UNDEFINED_LENGTH) {
        // Encapsulated pixel data outside the top level (where parsing stops at it): left to dicom-parser.
        if (tag === PIXEL_DATA) throw LEAVE;
        if (vr === UN) this.sequence(element, length, dataOffset, false);
        else this.findItemEnd(element, dataOffset);
      } else this.pos += length;
    }
    if (element !== null) (into as Elements)[element.tag] = element;
    this.lastOffset = dataOffset;
    this.lastLength = length;
    return tag;
  }

  /** dicom-parser's `readDicomElementImplicit` (no VR callback). */
  implicitElement(into: Elements | null, untilTag: number): number {
    const tag = this.tag();
    const length = this.u32();
    const dataOffset = this.pos;
    const key = into === null ? undefined : KEPT.get(tag);
    const element = key === undefined ? null : newElement(key, undefined, length, dataOffset);
    if (tag !== untilTag) {
      // No VR: a sequence is told by an item or sequence delimiter right after the length.
      const next = this.pos + 4 <= this.bytes.length ? this.peekTag() : NO_TAG;
      const isSequence = next === ITEM || next === SEQUENCE_END;
      const isPrivate = Math.floor(tag / 0x10000) % 2 === 1;
      // (dicom-parser drops a private sequence's items; no kept tag is private.)
      if (isSequence && (!isPrivate || length === UNDEFINED_LENGTH))
        this.sequence(element, length, dataOffset, false);
      else if (length === UNDEFINED_LENGTH) this.findItemEnd(element, dataOffset);
      else this.pos += length;
    }
    if (element !== null) (into as Elements)[element.tag] = element;
    this.lastOffset = dataOffset;
    this.lastLength = length;
    return tag;
  }

  /** The items of a sequence: dicom-parser's `readSequenceItemsExplicit` and `…Implicit`. */
  sequence(element: Element | null, length: number, dataOffset: number, explicit: boolean): void {
    const items: Element[] | null = element === null ? null : [];
    if (element !== null && items !== null) element.items = items;
    if (length === UNDEFINED_LENGTH) {
      for (;;) {
        // The end of the bytes before the delimiter: dicom-parser warns and keeps what it read.
        if (this.pos + 4 > this.bytes.length) throw LEAVE;
        if (this.peekTag() === SEQUENCE_END) {
          if (element !== null) element.length = this.pos - dataOffset;
          this.pos += 8;
          return;
        }
        this.item(items, explicit);
      }
    }
    const end = dataOffset + length;
    while (this.pos < end) this.item(items, explicit);
    if (this.pos > end) throw LEAVE;
  }

  /** One sequence item and its data set (built only when the sequence is kept). */
  item(items: Element[] | null, explicit: boolean): void {
    const tag = this.tag();
    const length = this.u32();
    const dataOffset = this.pos;
    if (tag !== ITEM) throw LEAVE;
    const elements: Elements | null = items === null ? null : {};
    if (length === UNDEFINED_LENGTH) {
      for (;;) {
        if (this.pos >= this.bytes.length) throw LEAVE;
        if (this.element(elements, explicit, NO_TAG) === ITEM_END) break;
      }
    } else {
      const end = dataOffset + length;
      if (end > this.bytes.length) throw LEAVE;
      while (this.pos < end) this.element(elements, explicit, NO_TAG);
      if (this.pos > end) throw LEAVE;
    }
    if (items === null || elements === null) return;
    const item = newElement('xfffee000', undefined, length, dataOffset);
    if (length === UNDEFINED_LENGTH) item.length = this.pos - dataOffset;
    item.dataSet = newDataSet(this.parser(), this.bytes, elements);
    items.push(item);
  }

  /** dicom-parser's `findItemDelimitationItemAndSetElementLength`, when it finds the delimiter. */
  findItemEnd(element: Element | null, dataOffset: number): void {
    const last = this.bytes.length - 8;
    while (this.pos <= last) {
      if (this.u16() !== 0xfffe || this.u16() !== 0xe00d) continue;
      // A non-zero length here makes dicom-parser throw (it calls its warnings array).
      if (this.u32() !== 0) throw LEAVE;
      if (element !== null) element.length = this.pos - dataOffset;
      return;
    }
    throw LEAVE;
  }

  parser() {
    return this.little ? littleEndianByteArrayParser : bigEndianByteArrayParser;
  }

  /** dicom-parser's `runsPastEnd` check of the reader, for the element read last at the top level. */
  checkFits(): void {
    if (this.lastLength !== UNDEFINED_LENGTH && this.lastOffset + this.lastLength > this.bytes.length)
      throw LEAVE;
  }
}

/** The meta group (read as dicom-parser's `readPart10Header` does) and where the data set starts. */
function readMeta(bytes: Uint8Array): { meta: Elements; start: number } {
  const walk = new Walk(bytes, true);
  walk.pos = 132;
  const meta: Elements = {};
  while (walk.pos < bytes.length) {
    const at = walk.pos;
    if (at + 4 > bytes.length) throw LEAVE;
    if (walk.peekTag() > LAST_META_TAG) {
      // dicom-parser reads the first element after the group in full before stepping back.
      walk.element(null, true, NO_TAG);
      walk.pos = at;
      break;
    }
    walk.element(meta, true, NO_TAG);
    walk.checkFits();
  }
  for (const element of Object.values(meta)) element.parser = littleEndianByteArrayParser;
  return { meta, start: walk.pos };
}

/**
 * The data set of a Part 10 file (`rawSyntax` null) or of a bare data set in `rawSyntax`, with only the
 * elements the header reads, or null when the file is dicom-parser's to parse (see above).
 */
export function scanHeaderDataSet(bytes: Uint8Array, rawSyntax: string | null): DataSet | null {
  try {
    let meta: Elements = {};
    let start = 0;
    let syntax = rawSyntax;
    if (rawSyntax === null) {
      if (fixedString(bytes, 128, Math.min(4, bytes.length - 128)) !== 'DICM') return null;
      ({ meta, start } = readMeta(bytes));
      const transferSyntax = meta[TAG.TransferSyntaxUID];
      if (transferSyntax === undefined || transferSyntax.hadUndefinedLength) return null;
      syntax = fixedString(bytes, transferSyntax.dataOffset, transferSyntax.length);
    }
    if (syntax === DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN || start >= bytes.length) return null;
    const walk = new Walk(bytes, syntax !== EXPLICIT_VR_BIG_ENDIAN);
    const explicit = syntax !== IMPLICIT_VR_LITTLE_ENDIAN;
    walk.pos = start;
    const elements: Elements = {};
    while (walk.pos < bytes.length) {
      const tag = walk.element(elements, explicit, PIXEL_DATA);
      // The meta group merged over a data set that repeats it: left to dicom-parser.
      if (tag <= LAST_META_TAG) return null;
      if (tag === PIXEL_DATA) break;
      walk.checkFits();
    }
    return newDataSet(walk.parser(), bytes, Object.assign(elements, meta));
  } catch {
    return null;
  }
}
