import { crc32 } from 'node:zlib';

/** One entry of a test RAR; `mode` is a unix mode (0o120777 marks a symbolic link, data its target). */
export interface RarEntry {
  name: string;
  data: Uint8Array | string;
  mode?: number;
  /** The unpacked size the header declares, when it lies (a bomb's header). */
  declaredSize?: number;
}

const MARKER = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]);
const END = Buffer.from([0xc4, 0x3d, 0x7b, 0x00, 0x40, 0x07, 0x00]);

/** A block's CRC: the low 16 bits of the CRC-32 of the block after its CRC field. */
function sealed(block: Buffer): Buffer {
  block.writeUInt16LE(crc32(block.subarray(2)) & 0xffff, 0);
  return block;
}

function fileHeader(name: Buffer, data: Buffer, mode: number, declared: number): Buffer {
  const block = Buffer.alloc(32 + name.length);
  block.writeUInt8(0x74, 2); // file header
  block.writeUInt16LE(0x8000, 3); // LONG_BLOCK: the data follows the header
  block.writeUInt16LE(block.length, 5);
  block.writeUInt32LE(data.length, 7); // packed size: stored
  block.writeUInt32LE(declared, 11); // unpacked size
  block.writeUInt8(3, 15); // host OS: Unix
  block.writeUInt32LE(crc32(data), 16);
  block.writeUInt32LE(0x5b210000, 20); // 2025-09-01, a DOS date
  block.writeUInt8(29, 24); // version 2.9 needed to extract
  block.writeUInt8(0x30, 25); // method: store
  block.writeUInt16LE(name.length, 26);
  block.writeUInt32LE(mode, 28);
  name.copy(block, 32);
  return sealed(block);
}

/**
 * A minimal RAR 4 writer (store method) for test fixtures: no npm package writes RAR, and the refused
 * variants (escaping names, links, bombs) are ones a real tool would not make. The reader under test
 * (node-unrar-js, the official unrar) is what proves these archives well formed.
 */
export function makeRar(entries: RarEntry[]): Buffer {
  const main = Buffer.alloc(13);
  main.writeUInt8(0x73, 2);
  main.writeUInt16LE(13, 5);
  const parts = [MARKER, sealed(main)];
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    parts.push(
      fileHeader(
        Buffer.from(entry.name, 'utf8'),
        data,
        entry.mode ?? 0o100644,
        entry.declaredSize ?? data.length,
      ),
      data,
    );
  }
  parts.push(END);
  return Buffer.concat(parts);
}
