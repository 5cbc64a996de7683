/**
 * The records of a zip file (PKWARE APPNOTE 4.3) without zip64: the server's exports and the tests'
 * hand-made archives both write them here. Names are UTF-8 (general purpose flag bit 11).
 */
const UTF8_NAMES = 0x0800;
const VERSION = 20;
/** "Made by" unix (3 in the high byte), so the external attributes carry the unix mode. */
const MADE_BY_UNIX = (3 << 8) | VERSION;
/** What a zip without zip64 can count in its 32-bit and 16-bit fields. */
export const ZIP32_MAX_BYTES = 0xffff_ffff;
export const ZIP32_MAX_ENTRIES = 0xffff;

export interface ZipRecord {
  name: Buffer;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  size: number;
}

export function localHeader(r: ZipRecord): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(VERSION, 4);
  local.writeUInt16LE(UTF8_NAMES, 6);
  local.writeUInt16LE(r.method, 8);
  local.writeUInt32LE(r.crc, 14);
  local.writeUInt32LE(r.compressedSize, 18);
  local.writeUInt32LE(r.size, 22);
  local.writeUInt16LE(r.name.length, 26);
  return Buffer.concat([local, r.name]);
}

/** The central directory's record of an entry whose local header starts at `offset`. */
export function centralHeader(r: ZipRecord, offset: number, mode = 0o100644): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(MADE_BY_UNIX, 4);
  central.writeUInt16LE(VERSION, 6);
  central.writeUInt16LE(UTF8_NAMES, 8);
  central.writeUInt16LE(r.method, 10);
  central.writeUInt32LE(r.crc, 16);
  central.writeUInt32LE(r.compressedSize, 20);
  central.writeUInt32LE(r.size, 24);
  central.writeUInt16LE(r.name.length, 28);
  central.writeUInt32LE((mode << 16) >>> 0, 38);
  central.writeUInt32LE(offset, 42);
  return Buffer.concat([central, r.name]);
}

export function endOfCentralDirectory(
  entries: number,
  directorySize: number,
  directoryOffset: number,
): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}
