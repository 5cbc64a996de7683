import { createHmac } from 'node:crypto';

/**
 * Team-stable replacements: the same original gives the same replacement within a team (so a patient's
 * second upload lands beside the first), and nothing links them across teams or back to the original
 * without the team's key.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function digest(key: Buffer, purpose: string, value: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest();
}

/** `DOE^JANE`, ` doe^jane^^ ` and `Doe  Jane` are one patient. */
export function normalisePatientName(name: string): string {
  return name
    .toUpperCase()
    .replace(/[\^=\s]+/g, ' ')
    .trim();
}

/** `ANON-` and 10 Crockford base32 characters (50 bits). */
export function pseudonym(key: Buffer, patientName: string): string {
  const bytes = digest(key, 'patient', normalisePatientName(patientName));
  let bits = 0n;
  for (const b of bytes.subarray(0, 7)) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `ANON-${code}`;
}

/**
 * A replacement UID under the UUID-derived root 2.25 (PS3.5 B.2): 128 bits of the keyed digest as a
 * decimal integer, at most 44 characters, always a valid UID.
 */
export function remapUid(key: Buffer, uid: string): string {
  const bytes = digest(key, 'uid', uid.trim()).subarray(0, 16);
  return `2.25.${BigInt(`0x${bytes.toString('hex')}`).toString(10)}`;
}

/** Everything de-identification replaces, keyed by one team's key. */
export function teamReplacements(key: Buffer) {
  return { pseudonym: (name: string) => pseudonym(key, name), uid: (uid: string) => remapUid(key, uid) };
}
