import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { makeZip, type ZipEntry } from '../../../test/zip-writer';
import { extractZip } from './extract';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from './policy';

const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-archives-'));
afterAll(async () => rm(work, { recursive: true, force: true }));

let n = 0;
async function extract(entries: ZipEntry[], limits = DEFAULT_ARCHIVE_LIMITS) {
  n += 1;
  const session = path.join(work, `session-${n}`);
  const zip = path.join(session, 'upload.zip');
  await rm(session, { recursive: true, force: true });
  await mkdir(session, { recursive: true });
  await writeFile(zip, makeZip(entries));
  const destination = path.join(session, 'inflated');
  return { session, destination, files: () => extractZip(zip, destination, limits) };
}

describe('extractZip', () => {
  it('inflates real DICOM files byte for byte, nested archives into <name>.contents', async () => {
    const dicom = readCorpusFile('dicom/dcm_qa_ct/GE/01.dcm');
    const inner = makeZip([{ name: 'inner/02.dcm', data: readCorpusFile('dicom/dcm_qa_ct/GE/02.dcm') }]);
    const { destination, files } = await extract([
      { name: 'study/01.dcm', data: dicom },
      { name: 'study/', data: '' },
      { name: 'more.zip', data: inner, stored: true },
    ]);
    expect((await files()).sort()).toEqual(['more.zip.contents/inner/02.dcm', 'study/01.dcm']);
    expect((await readFile(path.join(destination, 'study/01.dcm'))).equals(Buffer.from(dicom))).toBe(true);
    expect(existsSync(path.join(destination, 'more.zip'))).toBe(false);
  });

  const refusals: [string, ZipEntry[], RegExp][] = [
    [
      'zip-slip',
      [
        { name: 'ok.dcm', data: 'x' },
        { name: '../../escaped.dcm', data: 'evil' },
      ],
      /leaves the archive folder/,
    ],
    ['an absolute path', [{ name: '/tmp/voxa-absolute.dcm', data: 'evil' }], /absolute path/],
    ['a symbolic link', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }], /symbolic link/],
    [
      'two entries of one name',
      [
        { name: 'a.dcm', data: '1' },
        { name: 'a.dcm', data: '2' },
      ],
      /Damaged archive|EEXIST/,
    ],
  ];
  for (const [what, entries, message] of refusals) {
    it(`refuses ${what} and keeps nothing of the archive`, async () => {
      const { session, destination, files } = await extract(entries);
      const error = await files().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArchiveError);
      expect((error as Error).message).toMatch(message);
      expect(existsSync(destination)).toBe(false);
      expect(await readdir(session)).toEqual(['upload.zip']);
      expect(existsSync(path.join(work, 'escaped.dcm'))).toBe(false);
      expect(existsSync('/tmp/voxa-absolute.dcm')).toBe(false);
    });
  }

  it('refuses a zip bomb while it inflates, whatever sizes it declares', async () => {
    const zeros = Buffer.alloc(80 * 1024 * 1024);
    const { destination, files } = await extract([{ name: 'bomb.dcm', data: zeros }]);
    await expect(files()).rejects.toThrow(/zip bomb/);
    expect(existsSync(destination)).toBe(false);
  });

  it('refuses archives nested deeper than allowed, and more files than allowed', async () => {
    const deepest = makeZip([{ name: 'x.dcm', data: 'x' }]);
    const middle = makeZip([{ name: 'deep.zip', data: deepest, stored: true }]);
    const nested = await extract([{ name: 'middle.zip', data: middle, stored: true }]);
    await expect(nested.files()).rejects.toThrow(/nested more than 1 deep/);
    const many = await extract(
      Array.from({ length: 5 }, (_, i) => ({ name: `${i}.dcm`, data: 'x' })),
      { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 4 },
    );
    await expect(many.files()).rejects.toThrow(/more than 4 files/);
  });

  it('refuses a file that is not a zip', async () => {
    const file = path.join(work, 'not.zip');
    await writeFile(file, 'plain text');
    await expect(extractZip(file, path.join(work, 'not-out'), DEFAULT_ARCHIVE_LIMITS)).rejects.toThrow(
      /Not a readable zip/,
    );
  });
});
