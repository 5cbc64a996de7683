/**
 * Copies of one real DICOM slice, each with its own SOP Instance UID (same length, so every byte offset
 * stays), written to a folder: a realistic series of any size without committing data.
 */
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Offset and length of the value of (0008,0018) SOP Instance UID (explicit VR little endian). */
function sopInstanceValue(bytes, source) {
  const tag = Buffer.from([0x08, 0x00, 0x18, 0x00, 0x55, 0x49]);
  const at = bytes.indexOf(tag);
  if (at < 0) throw new Error(`no SOP Instance UID in ${source}`);
  return { offset: at + 8, length: bytes.readUInt16LE(at + 6) };
}

/** Writes `count` copies of `source` into `dir` as slice-000000.dcm…; answers their paths. */
export function writeSeriesCopies(source, dir, count) {
  const bytes = readFileSync(source);
  const { offset, length } = sopInstanceValue(bytes, source);
  const uid = bytes.toString('latin1', offset, offset + length).replace(/\0$/, '');
  const paths = [];
  for (let i = 0; i < count; i += 1) {
    const copy = Buffer.from(bytes);
    const suffix = String(i).padStart(6, '0');
    copy.write(uid.slice(0, uid.length - suffix.length) + suffix, offset, 'latin1');
    const file = path.join(dir, `slice-${suffix}.dcm`);
    writeFileSync(file, copy);
    paths.push(file);
  }
  return paths;
}
