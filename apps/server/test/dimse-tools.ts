import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { part10Header } from '../src/modules/dimse/part10';

/** A TCP port free on this host now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ToolRun {
  code: number;
  /** stdout and stderr together. */
  output: string;
}

/** Runs a dcmtk tool (asynchronously: an SCP of the test answers from this process). */
export async function runTool(tool: string, args: string[]): Promise<ToolRun> {
  const child = spawn(tool, args);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code: code ?? -1, output };
}

/** An explicit VR little endian element with a short (16-bit) length. */
function element(group: number, tag: number, vr: string, text: string, pad = ' '): Buffer {
  const value = Buffer.from(text.length % 2 ? `${text}${pad}` : text, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt16LE(group, 0);
  head.writeUInt16LE(tag, 2);
  head.write(vr, 4, 'latin1');
  head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}

function us(group: number, tag: number, value: number): Buffer {
  const out = Buffer.alloc(10);
  out.writeUInt16LE(group, 0);
  out.writeUInt16LE(tag, 2);
  out.write('US', 4, 'latin1');
  out.writeUInt16LE(2, 6);
  out.writeUInt16LE(value, 8);
  return out;
}

const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_LE = '1.2.840.10008.1.2.1';

/**
 * Writes a CT instance of one `side` x `side` 16-bit frame (2 x side² bytes of pixel data) to `file`,
 * streamed so the test holds none of it; its UIDs end in `tag`. Returns the file's size.
 */
export async function writeLargeCt(file: string, side: number, tag: string): Promise<number> {
  const uid = (n: number) => `2.25.${n}${tag}`;
  const ui = (group: number, t: number, value: string) => element(group, t, 'UI', value, '\0');
  const dataset = Buffer.concat([
    ui(0x0008, 0x0016, CT_IMAGE),
    ui(0x0008, 0x0018, uid(3)),
    element(0x0008, 0x0020, 'DA', '20240101'),
    element(0x0008, 0x0060, 'CS', 'CT'),
    element(0x0010, 0x0010, 'PN', 'LARGE^INSTANCE'),
    element(0x0010, 0x0020, 'LO', 'LARGE1'),
    element(0x0018, 0x0050, 'DS', '1'),
    ui(0x0020, 0x000d, uid(1)),
    ui(0x0020, 0x000e, uid(2)),
    element(0x0020, 0x0011, 'IS', '1'),
    element(0x0020, 0x0013, 'IS', '1'),
    element(0x0020, 0x0032, 'DS', '0\\0\\0'),
    element(0x0020, 0x0037, 'DS', '1\\0\\0\\0\\1\\0'),
    us(0x0028, 0x0002, 1),
    element(0x0028, 0x0004, 'CS', 'MONOCHROME2'),
    us(0x0028, 0x0010, side),
    us(0x0028, 0x0011, side),
    element(0x0028, 0x0030, 'DS', '1\\1'),
    us(0x0028, 0x0100, 16),
    us(0x0028, 0x0101, 16),
    us(0x0028, 0x0102, 15),
    us(0x0028, 0x0103, 0),
  ]);
  const pixels = 2 * side * side;
  const pixelHead = Buffer.alloc(12);
  pixelHead.writeUInt16LE(0x7fe0, 0);
  pixelHead.writeUInt16LE(0x0010, 2);
  pixelHead.write('OW', 4, 'latin1');
  pixelHead.writeUInt32LE(pixels, 8);
  const header = part10Header({
    sopClassUid: CT_IMAGE,
    sopInstanceUid: uid(3),
    transferSyntaxUid: EXPLICIT_LE,
  });
  const out = createWriteStream(file);
  out.write(header);
  out.write(dataset);
  out.write(pixelHead);
  // A gradient, not zeros: a file system or link that compresses would hide nothing then.
  const row = Buffer.alloc(2 * side);
  for (let x = 0; x < side; x++) row.writeUInt16LE(x % 4096, 2 * x);
  for (let y = 0; y < side; y++) if (!out.write(row)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return header.length + dataset.length + pixelHead.length + pixels;
}
