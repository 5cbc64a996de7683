import { createReadStream } from 'node:fs';
import { mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { intoNewFolder } from './new-folder';
import { ArchiveError, entryPath, totalsProblem, type ArchiveLimits } from './policy';

const BLOCK = 512;

/** What one tar header says: the entry's name, its type flag and the size of the data after it. */
interface TarHeader {
  name: string;
  type: string;
  size: number;
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};

function octal(block: Buffer, start: number, length: number): number {
  // Base-256 sizes (high bit set) are for files over 8 GB: past every limit anyway.
  if ((block[start] ?? 0) & 0x80) throw new ArchiveError('The tar archive holds a file too large to read.');
  const digits = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(digits)) throw new ArchiveError('Damaged tar archive: a header is unreadable.');
  return digits ? parseInt(digits, 8) : 0;
}

/** A header block, or null for the zero block that ends the archive; its checksum is verified. */
export function readTarHeader(block: Buffer): TarHeader | null {
  if (block.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  if (octal(block, 148, 8) !== sum)
    throw new ArchiveError('Damaged tar archive: a header checksum is wrong.');
  const name = text(block, 0, 100);
  const prefix = text(block, 257, 6).startsWith('ustar') ? text(block, 345, 155) : '';
  return {
    name: prefix ? `${prefix}/${name}` : name,
    type: text(block, 156, 1) || '0',
    size: octal(block, 124, 12),
  };
}

/** The `path` record of a pax extended header, if it has one (`<length> path=<value>\n`). */
function paxPath(data: Buffer): string | null {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space < 0 || !(length > 0)) return null;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    if (record.startsWith('path=')) return record.slice(5);
    at += length;
  }
  return null;
}

const LINK_TYPES = new Set(['1', '2']);
/** Regular files ('0', old '\0' and contiguous '7'), folders, and the long-name records before a file. */
const KNOWN_TYPES = new Set(['0', '7', '5', 'L', 'x', 'g']);

interface Entry {
  header: TarHeader;
  remaining: number;
  out: FileHandle | null;
  /** For 'L' and 'x': the record's bytes, which name the next entry. */
  record: Buffer[] | null;
}

/**
 * Reads a gzipped tar archive into `root`, the same rules as the zip reader: names checked by entryPath,
 * links and devices refused, every inflated byte counted against the limits, two entries of one name
 * refused. Answers the relative paths of the files written.
 */
async function extractInto(file: string, root: string, limits: ArchiveLimits): Promise<string[]> {
  const realRoot = await realpath(root);
  const totals = { entries: 0, inflated: 0, compressed: 0 };
  const written: string[] = [];
  const input = createReadStream(file);
  input.on('data', (chunk) => (totals.compressed += chunk.length));
  const gunzip = input.pipe(createGunzip());
  input.on('error', (error) => gunzip.destroy(error));
  let pending = Buffer.alloc(0);
  let entry: Entry | null = null;
  let padding = 0;
  let nextName: string | null = null;
  let ended = false;

  const begin = async (header: TarHeader): Promise<Entry> => {
    if (LINK_TYPES.has(header.type))
      throw new ArchiveError(`Archive entry ${JSON.stringify(header.name)} is a link.`);
    if (!KNOWN_TYPES.has(header.type))
      throw new ArchiveError(`Archive entry ${JSON.stringify(header.name)} is not a file.`);
    if (header.type === 'L' || header.type === 'x' || header.type === 'g')
      return { header, remaining: header.size, out: null, record: [] };
    const name = nextName ?? header.name;
    nextName = null;
    if (header.type === '5') return { header, remaining: header.size, out: null, record: null };
    const checked = entryPath(name);
    if ('refused' in checked) throw new ArchiveError(checked.refused);
    totals.entries += 1;
    const target = path.join(realRoot, checked.path);
    await mkdir(path.dirname(target), { recursive: true });
    if (!(await realpath(path.dirname(target))).startsWith(realRoot))
      throw new ArchiveError(`Archive entry ${JSON.stringify(name)} leaves the archive folder.`);
    written.push(checked.path);
    return { header, remaining: header.size, out: await open(target, 'wx'), record: null };
  };

  const finishEntry = async (done: Entry) => {
    await done.out?.close();
    if (!done.record) return;
    const data = Buffer.concat(done.record);
    if (done.header.type === 'L') nextName = text(data, 0, data.length);
    else if (done.header.type === 'x') nextName = paxPath(data) ?? nextName;
  };

  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      totals.inflated += chunk.length;
      const problem = totalsProblem(totals, limits);
      if (problem) throw new ArchiveError(problem);
      let buf = chunk;
      while (buf.length > 0 && !ended) {
        if (entry) {
          const part = buf.subarray(0, entry.remaining);
          buf = buf.subarray(part.length);
          entry.remaining -= part.length;
          if (entry.out) await entry.out.write(part);
          else if (entry.record) {
            if (entry.record.reduce((n, b) => n + b.length, 0) > 1 << 20)
              throw new ArchiveError('Damaged tar archive: a name record is too long.');
            entry.record.push(Buffer.from(part));
          }
          if (entry.remaining === 0) {
            padding = (BLOCK - (entry.header.size % BLOCK)) % BLOCK;
            const done = entry;
            entry = null;
            await finishEntry(done);
          }
        } else if (padding > 0) {
          const skip = Math.min(padding, buf.length);
          padding -= skip;
          buf = buf.subarray(skip);
        } else {
          const need = BLOCK - pending.length;
          pending = Buffer.concat([pending, buf.subarray(0, need)]);
          buf = buf.subarray(need);
          if (pending.length < BLOCK) continue;
          const header = readTarHeader(pending);
          pending = Buffer.alloc(0);
          if (!header) ended = true;
          else {
            entry = await begin(header);
            if (entry.remaining === 0) {
              const done = entry;
              entry = null;
              await finishEntry(done);
            }
          }
        }
      }
    }
  } catch (error) {
    await entry?.out?.close();
    gunzip.destroy();
    input.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`Damaged tar.gz archive: ${(error as Error).message}`);
  }
  if (entry || pending.length > 0) throw new ArchiveError('Damaged tar archive: it ends inside a file.');
  return written;
}

/**
 * Inflates a `.tar.gz` archive into `destination` (a new, empty folder); on refusal (ArchiveError)
 * `destination` is removed, so nothing of a refused archive stays.
 */
export function extractTarGz(file: string, destination: string, limits: ArchiveLimits): Promise<string[]> {
  return intoNewFolder(destination, () => extractInto(file, destination, limits));
}
