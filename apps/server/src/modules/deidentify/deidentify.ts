import dcmjs, { type DicomDataset, type DicomElement } from 'dcmjs';
import { trailingPixelDataStart } from '@voxa/imaging';
import { deidentifyExplicitLittle } from './deidentify-bytes';
import { cleanDescriptor, type PatientIdentity } from './descriptors';
import {
  SCRUBBED_VRS,
  scrubPrivateBytes,
  scrubPrivateText,
  secretsOf,
  secretsPattern,
} from './private-scrub';
import { actionFor, isPrivateTag, metaActionFor } from './profile';
import { creatorTagOf, isSafePrivate } from './safe-private';

// dcmjs logs every guessed VR of implicit files ('xs' -> US): noise, since the guess is not written.
dcmjs.log.setLevel('error');
dcmjs.log.getLogger('validation.dcmjs').setLevel('silent');

/** The team's replacements: the pseudonym of a patient name and the UID mapping (keyed.ts). */
export interface Replacements {
  pseudonym(originalName: string): string;
  uid(original: string): string;
}

const PATIENT_NAME = '00100010';
const PATIENT_ID = '00100020';
const TRANSFER_SYNTAX = '00020010';
const DEFLATED = '1.2.840.10008.1.2.1.99';
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';

/** Marks the dataset as de-identified (PS3.15 E.1.1): Patient Identity Removed and the method used. */
const MARKERS: DicomDataset = {
  '00120062': { vr: 'CS', Value: ['YES'] },
  '00120063': { vr: 'LO', Value: ['Voxa PS3.15 Basic Application Level Confidentiality Profile'] },
  '00120064': {
    vr: 'SQ',
    Value: [
      {
        '00080100': { vr: 'SH', Value: ['113100'] },
        '00080102': { vr: 'SH', Value: ['DCM'] },
        '00080104': { vr: 'LO', Value: ['Basic Application Confidentiality Profile'] },
      },
    ],
  },
};

function setValue(element: DicomElement, value: unknown[]): void {
  element.Value = value;
  // dcmjs writes the original bytes back when it still has them: drop them so the new value is written.
  delete (element as { _rawValue?: unknown })._rawValue;
}

/** The patient's name as the file has it (a PN value is `{Alphabetic}` in dcmjs), '' when absent. */
function patientNameOf(dataset: DicomDataset): string {
  const value = dataset[PATIENT_NAME]?.Value?.[0];
  if (typeof value === 'string') return value;
  const alphabetic = (value as { Alphabetic?: unknown } | undefined)?.Alphabetic;
  return typeof alphabetic === 'string' ? alphabetic : '';
}

function dummy(tag: string, vr: string, pseudonym: string): unknown[] {
  const text = tag === PATIENT_NAME || tag === PATIENT_ID ? pseudonym : 'ANONYMOUS';
  return [vr === 'PN' ? { Alphabetic: text } : text];
}

/** Private attributes to keep in this dataset: the safe ones and the creators of their blocks. */
function keptPrivate(dataset: DicomDataset): Set<string> {
  const creatorOf = (creatorTag: string) => {
    const value = dataset[creatorTag]?.Value?.[0];
    return typeof value === 'string' ? value : undefined;
  };
  const kept = Object.keys(dataset).filter((tag) => isPrivateTag(tag) && isSafePrivate(tag, creatorOf));
  return new Set([...kept, ...kept.map(creatorTagOf)]);
}

/** What cleaning a file needs: the team's replacements and what the file itself says of its patient and device. */
interface Cleaning {
  r: Replacements;
  pseudonym: string;
  identity: PatientIdentity;
  secrets: RegExp | null;
}

/** A descriptor's values cleaned (decision 0086); the element goes when nothing is left of them. */
function cleanDescriptorElement(
  dataset: DicomDataset,
  tag: string,
  element: DicomElement,
  c: Cleaning,
): void {
  const values = (element.Value ?? []).map((v) =>
    typeof v === 'string' ? cleanDescriptor(v, c.identity) : v,
  );
  if (values.every((v) => v === '')) delete dataset[tag];
  else if (values.some((v, i) => v !== element.Value?.[i])) setValue(element, values);
}

/** A kept private element's values with the file's UIDs, device and patient overwritten in place. */
function scrubPrivateElement(element: DicomElement, c: Cleaning): void {
  if (!SCRUBBED_VRS.has(element.vr)) return;
  const remap = (uid: string) => c.r.uid(uid);
  let changed = false;
  const values = (element.Value ?? []).map((v) => {
    let scrubbed: unknown = v;
    if (typeof v === 'string') scrubbed = scrubPrivateText(v, c.secrets, remap);
    else if (v instanceof ArrayBuffer)
      scrubbed = scrubPrivateBytes(new Uint8Array(v), c.secrets, remap)?.buffer ?? v;
    changed ||= scrubbed !== v;
    return scrubbed;
  });
  if (changed) setValue(element, values);
}

function clean(dataset: DicomDataset, c: Cleaning): void {
  const safePrivate = keptPrivate(dataset);
  for (const [tag, element] of Object.entries(dataset)) {
    const action = safePrivate.has(tag) ? 'K' : actionFor(tag, element.vr, element.Value?.[0]);
    if (action === 'X') delete dataset[tag];
    else if (action === 'Z') setValue(element, []);
    else if (action === 'D') setValue(element, dummy(tag, element.vr, c.pseudonym));
    else if (action === 'C') cleanDescriptorElement(dataset, tag, element, c);
    else if (action === 'U')
      setValue(
        element,
        (element.Value ?? []).map((v) => (typeof v === 'string' && v ? c.r.uid(v) : v)),
      );
    else if (element.vr === 'SQ') for (const item of element.Value ?? []) clean(item as DicomDataset, c);
    else if (isPrivateTag(tag) && tag.slice(4, 6) !== '00') scrubPrivateElement(element, c);
  }
}

/** An attribute's first value as text (a PN's alphabetic group), from the meta or the top-level dataset. */
function firstText(meta: DicomDataset, dict: DicomDataset, tag: string): string | undefined {
  if (tag === PATIENT_NAME) return patientNameOf(dict);
  const value = (tag.startsWith('0002') ? meta : dict)[tag]?.Value?.[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * De-identifies one DICOM file (Part 10) after PS3.15's Basic Profile, recursing into sequences; the pixel
 * data is carried over as it is. The common file (explicit VR little endian, native pixels) is cleaned on
 * its bytes (decision 0071), any other through dcmjs. A deflated file is written back inflated (explicit
 * VR little endian), since dcmjs does not deflate on write. Answers the new file's bytes as pieces to
 * write in order (the pixel data a view of `bytes`). Throws on a file dcmjs cannot parse: the caller
 * reports it.
 */
export function deidentifyDicom(bytes: Uint8Array, r: Replacements): Uint8Array[] {
  return deidentifyExplicitLittle(bytes, r) ?? [deidentifyWithDcmjs(bytes, r)];
}

/** Through dcmjs: the attributes before native pixel data that end the file, else the whole file. */
export function deidentifyWithDcmjs(bytes: Uint8Array, r: Replacements): Uint8Array {
  const pixels = trailingPixelDataStart(bytes);
  if (pixels === null) return deidentifyWhole(bytes, r);
  // Native pixel data ending the file: dcmjs rewrites the attributes before it (a few KB instead of the
  // whole image) and the pixel element's bytes follow unchanged, as the whole write would copy them.
  const head = deidentifyWhole(bytes.subarray(0, pixels), r);
  const out = new Uint8Array(head.length + bytes.length - pixels);
  out.set(head);
  out.set(bytes.subarray(pixels), head.length);
  return out;
}

/** The whole file through dcmjs: read, cleaned, marked, written. */
export function deidentifyWhole(bytes: Uint8Array, r: Replacements): Uint8Array {
  const copy = bytes.slice().buffer;
  const file = dcmjs.data.DicomMessage.readFile(copy);
  const secrets = secretsOf((tag) => firstText(file.meta, file.dict, tag));
  const cleaning = {
    r,
    pseudonym: r.pseudonym(patientNameOf(file.dict)),
    identity: secrets,
    secrets: secretsPattern(secrets),
  };
  clean(file.dict, cleaning);
  Object.assign(file.dict, structuredClone(MARKERS));
  for (const [tag, element] of Object.entries(file.meta)) {
    const action = metaActionFor(tag);
    if (action === 'X') delete file.meta[tag];
    else if (action === 'U') clean({ [tag]: element }, cleaning);
  }
  const syntax = file.meta[TRANSFER_SYNTAX];
  if (syntax?.Value?.[0] === DEFLATED) setValue(syntax, [EXPLICIT_LITTLE]);
  // One fragment per frame, as read: dcmjs splits frames into 20 KB fragments by default, which RLE
  // forbids and dcm2niix refuses ('Compressed image stored as N fragments').
  return new Uint8Array(file.write({ allowInvalidVRLength: true, fragmentMultiframe: false }));
}

/**
 * The patient a DICOM file names (name, ID, birth date), from the attributes before its pixel data: what
 * the descriptors of its series' outputs are cleaned of (decision 0086). Throws on a file dcmjs cannot read.
 */
export function patientIdentityOf(bytes: Uint8Array): PatientIdentity {
  const head = bytes.subarray(0, trailingPixelDataStart(bytes) ?? bytes.length);
  const { dict } = dcmjs.data.DicomMessage.readFile(head.slice().buffer);
  const text = (tag: string) => {
    const value = dict[tag]?.Value?.[0];
    return typeof value === 'string' ? value : '';
  };
  return { name: patientNameOf(dict), id: text(PATIENT_ID), birthDate: text('00100030') };
}
