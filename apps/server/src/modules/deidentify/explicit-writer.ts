import { concatBytes, DICOM_STREAM } from '@voxa/imaging';

/** Writing explicit VR little endian for `deidentify-bytes.ts`: elements, sequences, markers, padded text. */

const { undefinedLength: UNDEFINED, item: ITEM, itemEnd: ITEM_END, sequenceEnd: SEQUENCE_END } = DICOM_STREAM;

/** VRs whose length takes 4 bytes after 2 reserved ones (PS3.5 7.1.2). */
export const LONG_VRS = new Set([
  'OB',
  'OD',
  'OF',
  'OL',
  'OV',
  'OW',
  'SQ',
  'SV',
  'UC',
  'UN',
  'UR',
  'UT',
  'UV',
]);

export const u32 = (value: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, value, true);
  return b;
};

/** Bytes gathered as pieces (views of the source mostly), written as they are: no copy of the pixels. */
export class Writer {
  /** In order; what is kept of the file (its pixel data mostly) is a view of it, not a copy. */
  readonly pieces: Uint8Array[] = [];
  length = 0;

  bytes(piece: Uint8Array): void {
    this.pieces.push(piece);
    this.length += piece.length;
  }

  append(other: Writer): void {
    for (const piece of other.pieces) this.bytes(piece);
  }

  /**
   * The pieces with each run of small ones (elements, markers) joined into one: the file is written in a
   * few calls, its header and its pixel data, not in one for each of its hundreds of elements.
   */
  joined(): Uint8Array[] {
    const out: Uint8Array[] = [];
    let run: Uint8Array[] = [];
    const endRun = () => {
      if (run.length > 1) out.push(concatBytes(run));
      else out.push(...run);
      run = [];
    };
    for (const piece of this.pieces) {
      if (piece.length >= KEPT_AS_VIEW) {
        endRun();
        out.push(piece);
      } else run.push(piece);
    }
    endRun();
    return out;
  }

  /** An element of a defined-length value, in explicit VR little endian. */
  element(tag: number, vr: string, value: Uint8Array): void {
    const long = LONG_VRS.has(vr);
    const header = new Uint8Array(long ? 12 : 8);
    const view = new DataView(header.buffer);
    view.setUint16(0, tag >>> 16, true);
    view.setUint16(2, tag & 0xffff, true);
    header[4] = vr.charCodeAt(0);
    header[5] = vr.charCodeAt(1);
    if (long) view.setUint32(8, value.length, true);
    else view.setUint16(6, value.length, true);
    this.bytes(header);
    this.bytes(value);
  }

  /** A sequence of undefined length, its items of undefined length (their sizes change). */
  sequence(tag: number, items: Writer[]): void {
    const header = new Uint8Array(12);
    const view = new DataView(header.buffer);
    view.setUint16(0, tag >>> 16, true);
    view.setUint16(2, tag & 0xffff, true);
    header.set([0x53, 0x51], 4);
    view.setUint32(8, UNDEFINED, true);
    this.bytes(header);
    for (const item of items) {
      this.bytes(marker(ITEM, UNDEFINED));
      this.append(item);
      this.bytes(marker(ITEM_END, 0));
    }
    this.bytes(marker(SEQUENCE_END, 0));
  }
}

/** Pieces this long stay views of the source when the output is joined; shorter ones are copied. */
const KEPT_AS_VIEW = 65_536;

function marker(tag: number, length: number): Uint8Array {
  const b = new Uint8Array(8);
  const view = new DataView(b.buffer);
  view.setUint16(0, tag >>> 16, true);
  view.setUint16(2, tag & 0xffff, true);
  view.setUint32(4, length, true);
  return b;
}

/** A text value padded to an even length as its VR pads (UIDs with NUL, others with a space). */
export function textValue(text: string, vr: string): Uint8Array {
  const padded = text.length % 2 === 1 ? text + (vr === 'UI' ? '\0' : ' ') : text;
  const out = new Uint8Array(padded.length);
  for (let i = 0; i < padded.length; i++) out[i] = padded.charCodeAt(i);
  return out;
}
