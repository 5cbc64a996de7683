import { nameComponents, type PatientIdentity } from './descriptors';

/**
 * The private headers kept for conversion (`safe-private.ts`) cleaned where they repeat what the profile
 * removes (decision 0086): Siemens CSA headers carry the localisers' UIDs, whose fourth part from the root
 * is the scanner's serial number, its serial number and station name again, the dates of the exam. Each
 * is overwritten in place by text of the same length, so the binary headers around it (lengths, offsets)
 * stay valid and dcm2niix reads the same geometry, timing and diffusion from them.
 */

/** What the file itself says of its device, site and patient, from which its private values are cleaned. */
export interface FileSecrets extends PatientIdentity {
  /** Device serial number, station name, AE titles, institution, dates of the exam: texts of 4 characters or more. */
  texts: string[];
}

/** The VRs of private values cleaned: text, and bytes (CSA headers; UN in implicit files). Numbers are not. */
export const SCRUBBED_VRS = new Set(['LO', 'SH', 'CS', 'LT', 'ST', 'UT', 'UC', 'OB', 'UN']);

/**
 * A UID of 5 parts or more: its first part is 0, 1 or 2 alone (PS3.5 9.1), so a match preceded by a digit
 * or a dot is no UID (checked in `remapUids`: a lookbehind here costs six times the scan).
 */
const UID = /[0-2]\.\d+\.\d+\.\d+\.\d+[\d.]*/g;

function remapUids(text: string, remap: (uid: string) => string): string {
  return text.replace(UID, (found: string, at: number) => {
    if (/[\d.]/.test(text.charAt(at - 1))) return found;
    const uid = found.replace(/\.+$/, '');
    return sameLengthUid(uid, remap) + found.slice(uid.length);
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of a file's secrets as whole words (no letter or digit around), in any case: null when none. */
export function secretsPattern(secrets: FileSecrets): RegExp | null {
  const texts = [...secrets.texts, ...nameComponents(secrets.name), secrets.id, secrets.birthDate]
    .map((text) => text.trim())
    .filter((text) => text.length >= 4);
  if (texts.length === 0) return null;
  const sorted = [...new Set(texts)].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![A-Za-z0-9])(?:${sorted.join('|')})(?![A-Za-z0-9])`, 'gi');
}

/** The team's UID replacement cut or padded (with zeros) to the original's length: still a valid UID. */
export function sameLengthUid(uid: string, remap: (uid: string) => string): string {
  const replaced = remap(uid);
  return replaced.length >= uid.length
    ? replaced.slice(0, uid.length)
    : replaced + '0'.repeat(uid.length - replaced.length);
}

/**
 * A kept private value's text (latin1: one character a byte) cleaned, every change the same length: UIDs
 * remapped, the file's secrets overwritten with 'X'. The same text when there is nothing to clean.
 */
export function scrubPrivateText(
  text: string,
  secrets: RegExp | null,
  remap: (uid: string) => string,
): string {
  const uids = remapUids(text, remap);
  return secrets ? uids.replace(secrets, (found) => 'X'.repeat(found.length)) : uids;
}

/** The bytes of a kept private value cleaned as `scrubPrivateText` does: null when nothing changes. */
export function scrubPrivateBytes(
  bytes: Uint8Array,
  secrets: RegExp | null,
  remap: (uid: string) => string,
): Uint8Array | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const scrubbed = scrubPrivateText(text, secrets, remap);
  return scrubbed === text ? null : new Uint8Array(Buffer.from(scrubbed, 'latin1'));
}

/** Where a file says what its private values may repeat: meta AE titles, device, site and exam dates. */
const SECRET_TAGS = [
  '00020016', // Source AE Title
  '00020017', // Sending AE Title
  '00020018', // Receiving AE Title
  '00080054', // Retrieve AE Title
  '00080055', // Station AE Title
  '00181000', // Device Serial Number
  '00081010', // Station Name
  '00080080', // Institution Name
  '00080081', // Institution Address
  '00081040', // Institutional Department Name
  '00080020', // Study Date
  '00080021', // Series Date
  '00080022', // Acquisition Date
  '00080023', // Content Date
];

/** A file's secrets, `value` answering an attribute's first value as text (meta or top-level dataset). */
export function secretsOf(value: (tag: string) => string | undefined): FileSecrets {
  return {
    name: value('00100010') ?? '',
    id: value('00100020') ?? '',
    birthDate: value('00100030') ?? '',
    texts: SECRET_TAGS.map(value).filter((text): text is string => text !== undefined),
  };
}
