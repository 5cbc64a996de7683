import { gzipSync } from 'node:zlib';

/** One entry of a test tar; `type` is the tar type flag ('0' file, '2' symbolic link, '1' hard link). */
export interface TarEntry {
  name: string;
  data?: Uint8Array | string;
  type?: '0' | '1' | '2' | '5' | 'L' | 'x';
  linkTarget?: string;
}

const BLOCK = 512;

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write('00000000000\0', 136, 'ascii');
  block.write(entry.type ?? '0', 156, 'ascii');
  if (entry.linkTarget) block.write(entry.linkTarget, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.fill(0x20, 148, 156);
  const sum = block.reduce((n, b) => n + b, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/**
 * A minimal ustar writer for tests, gzipped: names up to 100 bytes, and the links and escaping names a
 * real tool would not make.
 */
export function makeTarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    parts.push(header(entry, data.length), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(parts));
}
