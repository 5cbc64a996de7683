import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { makeRar, type RarEntry } from '../../../test/rar-writer';
import { makeTarGz, type TarEntry } from '../../../test/tar-writer';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from './policy';
import { extractRar } from './rar';
import { extractTarGz } from './tar';

const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-tar-rar-'));
afterAll(async () => rm(work, { recursive: true, force: true }));

let n = 0;
async function archive(name: string, bytes: Uint8Array) {
  n += 1;
  const session = path.join(work, `session-${n}`);
  await mkdir(session, { recursive: true });
  const file = path.join(session, name);
  await writeFile(file, bytes);
  return { file, destination: path.join(session, 'inflated') };
}

const tar = async (entries: TarEntry[], limits = DEFAULT_ARCHIVE_LIMITS) => {
  const a = await archive('a.tar.gz', makeTarGz(entries));
  return { ...a, files: () => extractTarGz(a.file, a.destination, limits) };
};
const rar = async (entries: RarEntry[], limits = DEFAULT_ARCHIVE_LIMITS) => {
  const a = await archive('a.rar', makeRar(entries));
  return { ...a, files: () => extractRar(a.file, a.destination, limits) };
};

const dicom = readCorpusFile('dicom/dcm_qa_ct/GE/01.dcm');
const small = { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1000 };

describe('extractTarGz', () => {
  it('inflates real DICOM byte for byte, with GNU long names and pax paths', async () => {
    const long = `${'deep/'.repeat(30)}slice.dcm`;
    const { destination, files } = await tar([
      { name: 'CT/01.dcm', data: dicom },
      { name: '././@LongLink', type: 'L', data: `${long}\0` },
      { name: 'truncated', data: 'long' },
      { name: 'PaxHeader', type: 'x', data: '21 path=pax/name.dcm\n' },
      { name: 'ignored-by-pax', data: 'pax' },
      { name: 'folder/', type: '5' },
    ]);
    expect(await files()).toEqual(['CT/01.dcm', long, 'pax/name.dcm']);
    expect((await readFile(path.join(destination, 'CT/01.dcm'))).equals(dicom)).toBe(true);
    expect(await readFile(path.join(destination, long), 'utf8')).toBe('long');
  });

  it('refuses escaping names, links, bombs, twice the same name and damaged headers; nothing stays', async () => {
    const cases: [TarEntry[], RegExp, typeof small?][] = [
      [[{ name: '../evil.dcm', data: 'x' }], /leaves the archive folder/],
      [[{ name: '/etc/evil', data: 'x' }], /absolute path/],
      [[{ name: 'l', type: '2', linkTarget: '/etc/passwd' }], /is a link/],
      [[{ name: 'h', type: '1', linkTarget: 'a' }], /is a link/],
      [
        [
          { name: 'a.dcm', data: 'x' },
          { name: 'a.dcm', data: 'y' },
        ],
        /EEXIST|Damaged/,
      ],
      [[{ name: 'big.dcm', data: dicom }], /inflates to more than 1000 bytes/, small],
    ];
    for (const [entries, reason, limits] of cases) {
      const { destination, files } = await tar(entries, limits);
      await expect(files()).rejects.toThrow(reason);
      expect(existsSync(destination)).toBe(false);
    }
    const damaged = makeTarGz([{ name: 'a.dcm', data: 'x' }]);
    const raw = (await import('node:zlib')).gunzipSync(damaged);
    raw[0] = 0x41; // the header's checksum no longer matches
    const a = await archive('d.tar.gz', gzipSync(raw));
    await expect(extractTarGz(a.file, a.destination, DEFAULT_ARCHIVE_LIMITS)).rejects.toThrow(ArchiveError);
    const b = await archive('e.tar.gz', Buffer.from('not gzip at all'));
    await expect(extractTarGz(b.file, b.destination, DEFAULT_ARCHIVE_LIMITS)).rejects.toThrow(/Damaged/);
  });
});

describe('extractRar', () => {
  it('inflates real DICOM byte for byte (RAR 4, stored)', async () => {
    const { destination, files } = await rar([
      { name: 'CT/01.dcm', data: dicom },
      { name: 'notes.txt', data: 'x' },
    ]);
    expect(await files()).toEqual(['CT/01.dcm', 'notes.txt']);
    expect((await readFile(path.join(destination, 'CT/01.dcm'))).equals(dicom)).toBe(true);
  });

  it('refuses escaping names, links, declared and real bombs, and what is not a RAR; nothing stays', async () => {
    const cases: [RarEntry[], RegExp, typeof small?][] = [
      [[{ name: '../../evil.dcm', data: 'x' }], /leaves the archive folder/],
      [[{ name: 'lnk', data: '/etc/passwd', mode: 0o120777 }], /link/],
      [[{ name: 'bomb.dcm', data: 'x', declaredSize: 0xfffffff0 }], /zip bomb|at most/],
      [[{ name: 'big.dcm', data: dicom }], /inflates to more than 1000 bytes/, small],
    ];
    for (const [entries, reason, limits] of cases) {
      const { destination, files } = await rar(entries, limits);
      await expect(files()).rejects.toThrow(reason);
      expect(existsSync(destination)).toBe(false);
    }
    const a = await archive('x.rar', Buffer.from('not a rar'));
    await expect(extractRar(a.file, a.destination, DEFAULT_ARCHIVE_LIMITS)).rejects.toThrow(
      /Not a readable RAR/,
    );
  });
});
