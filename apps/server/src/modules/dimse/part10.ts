import { concatBytes } from '@voxa/imaging';
/** Voxa's implementation class UID in the file meta it writes (a UUID-derived UID, PS3.5 B.2). */
const IMPLEMENTATION_CLASS_UID = '2.25.233885986365260553285475662065049690596';

export interface Part10Meta {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
}

/** An explicit VR little endian element of the file meta group (0002). */
function element(tag: number, vr: string, value: Uint8Array): Uint8Array {
  const long = vr === 'OB';
  const out = new Uint8Array((long ? 12 : 8) + value.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0x0002, true);
  view.setUint16(2, tag, true);
  out[4] = vr.charCodeAt(0);
  out[5] = vr.charCodeAt(1);
  if (long) view.setUint32(8, value.length, true);
  else view.setUint16(6, value.length, true);
  out.set(value, long ? 12 : 8);
  return out;
}

/** A UID value, padded with a NUL to an even length (PS3.5 9.1). */
const uid = (value: string) => new TextEncoder().encode(value.length % 2 ? `${value}\0` : value);

/**
 * What precedes a dataset received by C-STORE in its Part 10 file, the dataset then appended as sent
 * (in the accepted transfer syntax): preamble, `DICM`, and the file meta group (PS3.10 7.1).
 */
export function part10Header(meta: Part10Meta): Uint8Array {
  const group = concatBytes([
    element(0x0001, 'OB', new Uint8Array([0, 1])),
    element(0x0002, 'UI', uid(meta.sopClassUid)),
    element(0x0003, 'UI', uid(meta.sopInstanceUid)),
    element(0x0010, 'UI', uid(meta.transferSyntaxUid)),
    element(0x0012, 'UI', uid(IMPLEMENTATION_CLASS_UID)),
  ]);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, group.length, true);
  return concatBytes([
    new Uint8Array(128),
    new TextEncoder().encode('DICM'),
    element(0x0000, 'UL', length),
    group,
  ]);
}
