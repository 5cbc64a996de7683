import { describe, expect, it } from 'vitest';
import { remapUid } from './keyed';
import {
  sameLengthUid,
  scrubPrivateBytes,
  scrubPrivateText,
  secretsOf,
  secretsPattern,
} from './private-scrub';

const key = Buffer.alloc(32, 5);
const remap = (uid: string) => remapUid(key, uid);

/** What a Siemens scanner (serial 45160, station AWP45160) writes into its files. */
const file: Record<string, string> = {
  '00020016': 'AWP45160',
  '00081010': 'AWP45160',
  '00181000': '45160',
  '00080020': '20180918',
  '00100010': 'MUSTERMANN^ERIKA',
  '00100020': 'PID-778899',
  '00100030': '19650412',
};
const secrets = secretsPattern(secretsOf((tag) => file[tag]));

/** Lines of a CSA series header's ASCCONV as the 20180918Si mosaic has them (localisers, frame of reference). */
const ASCCONV = [
  'tReferenceImage0\t = \t""1.3.12.2.1107.5.2.19.45160.2018091812204221515""',
  'sProtConsistencyInfo.tMeasuredBaselineString\t = \t""N4_VE11C_LATEST_20160120""',
  'tFrameOfReference\t = \t1.3.12.2.1107.5.2.19.45160.1.20180918121513825.0.0.0',
  'sGRADSPEC.asGPAData[0].lOffsetX\t = \t-3717',
  'sTXSPEC.asNucleusInfo[0].flReferenceAmplitude\t = \t0.36210691682',
  'ulVersion\t = \t0x1.2.3.4 DeviceSerialNumber 45160 AWP45160 Mustermann',
].join('\n');

describe('private headers kept for conversion, cleaned in place (decision 0086)', () => {
  it('remaps UIDs and overwrites the device and the patient, every change the same length', () => {
    const out = scrubPrivateText(ASCCONV, secrets, remap);
    expect(out).toHaveLength(ASCCONV.length);
    for (const trace of ['45160', '20180918', 'MUSTERMANN', 'Mustermann', '1.3.12.2.1107'])
      expect(out.toLowerCase(), trace).not.toContain(trace.toLowerCase());
    // The remapped UID of the team, cut to the original's length.
    const original = '1.3.12.2.1107.5.2.19.45160.2018091812204221515';
    expect(out).toContain(`""${sameLengthUid(original, remap)}""`);
    expect(sameLengthUid(original, remap)).toBe(remap(original).padEnd(original.length, '0'));
    // Numbers, versions and names of things stay.
    for (const kept of [
      'N4_VE11C_LATEST_20160120',
      '-3717',
      '0.36210691682',
      '0x1.2.3.4',
      'DeviceSerialNumber',
    ])
      expect(out, kept).toContain(kept);
  });

  it('cuts a replacement longer than the original, pads a shorter one, and leaves what only looks like a UID', () => {
    const short = '1.2.3.4.5';
    expect(sameLengthUid(short, remap)).toBe(remap(short).slice(0, short.length));
    const long = `1.2.${'9'.repeat(60)}.3.4`;
    const padded = sameLengthUid(long, remap);
    expect(padded).toHaveLength(long.length);
    expect(padded.startsWith(remap(long))).toBe(true);
    expect(padded).toMatch(/^2\.25\.\d+$/);
    // Not a UID: a first part of two digits, or a run of 4 parts.
    expect(scrubPrivateText('v 12.3.4.5.6 and 1.2.3.4', null, remap)).toBe('v 12.3.4.5.6 and 1.2.3.4');
  });

  it('keeps binary bytes around and answers null when nothing changes', () => {
    const bytes = new Uint8Array([0xcd, 0x00, ...Buffer.from(' AWP45160 '), 0x01, 0xff]);
    const out = scrubPrivateBytes(bytes, secrets, remap);
    expect(out && [...out]).toEqual([0xcd, 0x00, ...Buffer.from(' XXXXXXXX '), 0x01, 0xff]);
    expect(scrubPrivateBytes(new Uint8Array([0xcd, 0x41, 0x00]), secrets, remap)).toBeNull();
  });

  it('takes no short value for a secret: a short run in a binary header is as likely a number', () => {
    expect(secretsPattern({ name: 'LI^A', id: 'DEV', birthDate: '', texts: ['CT1'] })).toBeNull();
    expect(scrubPrivateText('DEV LI CT1', null, remap)).toBe('DEV LI CT1');
  });
});
