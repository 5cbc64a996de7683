import { DICOM_STREAM } from '@voxa/imaging';
import type { Replacements } from './deidentify';
import { cleanDescriptor } from './descriptors';
import {
  SCRUBBED_VRS,
  scrubPrivateBytes,
  secretsOf,
  secretsPattern,
  type FileSecrets,
} from './private-scrub';
import { LONG_VRS, textValue, u32, Writer } from './explicit-writer';
import { actionFor, isPrivateTag, metaActionFor, type Action } from './profile';
import { creatorTagOf, isSafePrivate } from './safe-private';

/**
 * The de-identification of `deidentify.ts` done on the bytes of the common file, explicit VR little endian
 * with native pixel data (decision 0071): the elements are walked as they are stored, the profile's actions
 * applied to each (sequences' items recursed into, safe private blocks kept), and everything kept is copied
 * as it was, so a 0.5 MB CT slice costs a walk of its few hundred elements instead of dcmjs's parse and
 * write (about 1.6 ms of a core a file). Whatever it does not follow (another transfer syntax, an element of
 * undefined length that is not a sequence, a public attribute stored as UN, a name outside ASCII, tags out
 * of order) answers null, and the caller takes the dcmjs path, whose result this one equals attribute for
 * attribute (`deidentify-bytes.corpus.test.ts`).
 */
export function deidentifyExplicitLittle(bytes: Uint8Array, r: Replacements): Uint8Array[] | null {
  const file = new FileReader(bytes);
  if (!file.isPart10()) return null;
  const meta = file.elements(132, bytes.length, (tag) => tag >>> 16 === 0x0002);
  if (!meta || file.text(meta.find((e) => e.tag === TRANSFER_SYNTAX)) !== EXPLICIT_LITTLE) return null;
  const metaEnd = meta.at(-1)?.end ?? 132;
  const dataset = file.elements(metaEnd, bytes.length);
  if (!dataset) return null;
  // The pseudonym, the identity and the secrets come from values as dcmjs decodes them: only plain ASCII
  // is read the same here.
  const secrets = fileSecrets(file, [...meta, ...dataset]);
  if (!secrets) return null;
  const cleaner = new Cleaner(file, r, secrets);

  const metaOut = cleaner.meta(meta);
  const body = cleaner.dataset(dataset, MARKERS);
  if (!metaOut || !body) return null;
  const out = new Writer();
  out.bytes(new Uint8Array(128));
  out.bytes(DICM);
  out.element(META_GROUP_LENGTH, 'UL', u32(metaOut.length));
  out.append(metaOut);
  out.append(body);
  return out.joined();
}

const TRANSFER_SYNTAX = 0x00020010;
const META_GROUP_LENGTH = 0x00020000;
const PATIENT_NAME = 0x00100010;
const PATIENT_ID = 0x00100020;
const {
  undefinedLength: UNDEFINED,
  item: ITEM,
  itemEnd: ITEM_END,
  sequenceEnd: SEQUENCE_END,
  pixelData: PIXEL_DATA,
} = DICOM_STREAM;
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
const DICM = new TextEncoder().encode('DICM');

interface Element {
  tag: number;
  vr: string;
  /** Where its header starts and its value starts and ends. */
  start: number;
  value: number;
  end: number;
  /** A sequence's items (each its elements), else undefined. */
  items?: Element[][];
}

const PRINTABLE = /^[\x20-\x7e]*$/;

/** The file's secrets (`private-scrub.ts`) from its meta and top-level elements; null if one is not plain ASCII. */
function fileSecrets(file: FileReader, elements: Element[]): FileSecrets | null {
  const byTag = new Map(elements.map((e) => [hex(e.tag), e] as const));
  const texts = new Map<string, string>();
  const value = (tag: string) => {
    const text = file.text(byTag.get(tag));
    if (text === null) return undefined;
    const first = text.split('\\')[0] ?? '';
    const decoded = tag === hex(PATIENT_NAME) ? (first.split('=')[0] ?? '') : first;
    texts.set(tag, text);
    return decoded;
  };
  const secrets = secretsOf(value);
  return [...texts.values()].every((text) => PRINTABLE.test(text)) ? secrets : null;
}

const hex = (tag: number) => tag.toString(16).toUpperCase().padStart(8, '0');

/** Reads elements of an explicit VR little endian stream; null for anything it does not follow. */
class FileReader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  isPart10(): boolean {
    return this.bytes.length > 132 && DICM.every((b, i) => this.bytes[128 + i] === b);
  }

  /** An element's value as text without its padding, null when absent. */
  text(element: Element | undefined): string | null {
    if (!element) return null;
    let text = '';
    for (let i = element.value; i < element.end; i++) text += String.fromCharCode(this.bytes[i] as number);
    return text.replace(/[\0 ]+$/, '');
  }

  /** Where the last `elements` call stopped (after an item's end marker, when it read to one). */
  lastEnd = 0;

  /**
   * The elements from `at` to `end`, or to an item's end marker (consumed) when `end` is null, stopping
   * before the first element `belongs` refuses. Null when the stream is not followed.
   */
  elements(at: number, end: number | null, belongs: (tag: number) => boolean = () => true): Element[] | null {
    const out: Element[] = [];
    let previous = -1;
    for (;;) {
      if (end !== null && at >= end) break;
      if (at + 8 > (end ?? this.bytes.length)) return null;
      const tag = this.tagAt(at);
      if (end === null && tag === ITEM_END) {
        if (this.view.getUint32(at + 4, true) !== 0) return null;
        at += 8;
        break;
      }
      if (!belongs(tag)) break;
      if (tag <= previous || tag >>> 16 === 0xfffe) return null;
      previous = tag;
      const element = this.element(tag, at);
      if (!element || (end !== null && element.end > end)) return null;
      out.push(element);
      at = element.end;
    }
    this.lastEnd = at;
    return out;
  }

  private tagAt(at: number): number {
    return ((this.view.getUint16(at, true) << 16) | this.view.getUint16(at + 2, true)) >>> 0;
  }

  private element(tag: number, start: number): Element | null {
    const vr = String.fromCharCode(this.bytes[start + 4] as number, this.bytes[start + 5] as number);
    if (!/^[A-Z]{2}$/.test(vr)) return null;
    const long = LONG_VRS.has(vr);
    if (long && start + 12 > this.bytes.length) return null;
    const length = long ? this.view.getUint32(start + 8, true) : this.view.getUint16(start + 6, true);
    const value = start + (long ? 12 : 8);
    // dcmjs reads a public attribute stored as UN with its dictionary's VR: that path decides it.
    if (vr === 'UN' && !isPrivateTag(hex(tag))) return null;
    if (vr === 'SQ') return this.sequence(tag, start, value, length);
    if (length === UNDEFINED || value + length > this.bytes.length || length % 2 === 1) return null;
    if (tag === PIXEL_DATA && vr !== 'OB' && vr !== 'OW') return null;
    return { tag, vr, start, value, end: value + length };
  }

  private sequence(tag: number, start: number, value: number, length: number): Element | null {
    const end = length === UNDEFINED ? null : value + length;
    if (end !== null && end > this.bytes.length) return null;
    const items: Element[][] = [];
    let at = value;
    for (;;) {
      if (end !== null && at === end) break;
      if (at + 8 > this.bytes.length) return null;
      const marker = this.tagAt(at);
      const itemLength = this.view.getUint32(at + 4, true);
      if (end === null && marker === SEQUENCE_END) {
        at += 8;
        break;
      }
      if (marker !== ITEM) return null;
      const itemEnd = itemLength === UNDEFINED ? null : at + 8 + itemLength;
      const elements = this.elements(at + 8, itemEnd);
      if (!elements) return null;
      items.push(elements);
      at = this.lastEnd;
    }
    if (end !== null && at !== end) return null;
    return { tag, vr: 'SQ', start, value, end: at, items };
  }
}

type Marker = (out: Writer) => void;

/** PS3.15 E.1.1's markers, as `deidentify.ts` sets them: Patient Identity Removed, the method and its code. */
const MARKERS: readonly (readonly [number, Marker])[] = [
  [0x00120062, (out) => out.element(0x00120062, 'CS', textValue('YES', 'CS'))],
  [
    0x00120063,
    (out) =>
      out.element(
        0x00120063,
        'LO',
        textValue('Voxa PS3.15 Basic Application Level Confidentiality Profile', 'LO'),
      ),
  ],
  [
    0x00120064,
    (out) => {
      const item = new Writer();
      item.element(0x00080100, 'SH', textValue('113100', 'SH'));
      item.element(0x00080102, 'SH', textValue('DCM', 'SH'));
      item.element(0x00080104, 'LO', textValue('Basic Application Confidentiality Profile', 'LO'));
      out.sequence(0x00120064, [item]);
    },
  ],
];

/** The profile's actions on one dataset after another, as `clean` in `deidentify.ts` applies them. */
class Cleaner {
  private readonly pseudonym: string;
  private readonly secretsPattern: RegExp | null;
  private readonly remap = (uid: string) => this.r.uid(uid);

  constructor(
    private readonly file: FileReader,
    private readonly r: Replacements,
    private readonly secrets: FileSecrets,
  ) {
    this.pseudonym = r.pseudonym(secrets.name);
    this.secretsPattern = secretsPattern(secrets);
  }

  /** The file meta group without its length, cleaned as `deidentify.ts` does (`metaActionFor`). */
  meta(elements: Element[]): Writer | null {
    const out = new Writer();
    for (const element of elements) {
      if (element.tag === META_GROUP_LENGTH) continue;
      if (!this.apply(out, element, metaActionFor(hex(element.tag)))) return null;
    }
    return out;
  }

  /** The dataset cleaned, with `markers` put in tag order in place of any the file had; null if not followed. */
  dataset(elements: Element[], markers: readonly (readonly [number, Marker])[] = []): Writer | null {
    const out = new Writer();
    const safePrivate = this.keptPrivate(elements);
    const pending = [...markers];
    const flushMarkers = (before: number) => {
      while (pending[0] && pending[0][0] < before) pending.shift()?.[1](out);
    };
    for (const element of elements) {
      flushMarkers(element.tag);
      if (markers.some(([tag]) => tag === element.tag)) continue;
      const tag = hex(element.tag);
      const action = safePrivate.has(tag) ? 'K' : actionFor(tag, element.vr, this.firstUid(element));
      if (safePrivate.has(tag) && tag.slice(4, 6) !== '00') this.scrubPrivate(out, element);
      else if (!this.apply(out, element, action)) return null;
    }
    flushMarkers(Number.POSITIVE_INFINITY);
    return out;
  }

  private apply(out: Writer, element: Element, action: Action): boolean {
    const { tag, vr } = element;
    if (action === 'X') return true;
    if (action === 'Z') {
      if (vr === 'SQ') out.sequence(tag, []);
      else out.element(tag, vr, new Uint8Array(0));
      return true;
    }
    if (action === 'D') {
      if (vr !== 'PN' && vr !== 'LO' && vr !== 'SH' && vr !== 'CS') return false;
      const text = tag === PATIENT_NAME || tag === PATIENT_ID ? this.pseudonym : 'ANONYMOUS';
      out.element(tag, vr, textValue(text, vr));
      return true;
    }
    if (action === 'C') return this.cleanDescriptor(out, element);
    if (action === 'U') {
      if (vr !== 'UI') return false;
      const uids = (this.file.text(element) ?? '').split('\\');
      out.element(tag, vr, textValue(uids.map((uid) => (uid ? this.r.uid(uid) : uid)).join('\\'), vr));
      return true;
    }
    if (vr === 'SQ') {
      const items: Writer[] = [];
      for (const item of element.items ?? []) {
        const cleaned = this.dataset(item);
        if (!cleaned) return false;
        items.push(cleaned);
      }
      out.sequence(tag, items);
      return true;
    }
    this.copy(out, element);
    return true;
  }

  /** A descriptor cleaned (decision 0086): copied when nothing is removed, left out when nothing is left. */
  private cleanDescriptor(out: Writer, element: Element): boolean {
    const text = this.file.text(element) ?? '';
    if (!PRINTABLE.test(text)) return false;
    const values = text.split('\\');
    const cleaned = values.map((value) => cleanDescriptor(value, this.secrets));
    if (cleaned.every((value) => value === '')) return true;
    if (cleaned.every((value, i) => value === values[i])) this.copy(out, element);
    else out.element(element.tag, element.vr, textValue(cleaned.join('\\'), element.vr));
    return true;
  }

  /** A kept private element with the file's UIDs, device and patient overwritten in place (same length). */
  private scrubPrivate(out: Writer, element: Element): void {
    const value = this.file.bytes.subarray(element.value, element.end);
    const scrubbed = SCRUBBED_VRS.has(element.vr)
      ? scrubPrivateBytes(value, this.secretsPattern, this.remap)
      : null;
    if (!scrubbed) return this.copy(out, element);
    out.bytes(this.file.bytes.subarray(element.start, element.value));
    out.bytes(scrubbed);
  }

  copy(out: Writer, element: Element): void {
    out.bytes(this.file.bytes.subarray(element.start, element.end));
  }

  /** A UID attribute's first value (the profile keeps the standard's own), else undefined. */
  private firstUid(element: Element): string | undefined {
    return element.vr === 'UI' ? (this.file.text(element) ?? '').split('\\')[0] : undefined;
  }

  /** Private attributes to keep in this dataset: the safe ones and the creators of their blocks. */
  private keptPrivate(elements: Element[]): Set<string> {
    const privates = new Map(
      elements.map((e) => [hex(e.tag), e] as const).filter(([tag]) => isPrivateTag(tag)),
    );
    const creatorOf = (tag: string) => this.file.text(privates.get(tag)) ?? undefined;
    const kept = [...privates.keys()].filter((tag) => isSafePrivate(tag, creatorOf));
    return new Set([...kept, ...kept.map(creatorTagOf)]);
  }
}
