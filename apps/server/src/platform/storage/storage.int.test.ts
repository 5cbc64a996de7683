import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, UnsafePathError, type Storage } from '.';

let base: string;
let storage: Storage;

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'voxa-storage-'));
  storage = await createStorage(path.join(base, 'root'));
});
afterEach(async () => rm(base, { recursive: true, force: true }));

async function* pieces(...texts: string[]) {
  for (const text of texts) yield Buffer.from(text);
}

describe('storage on real files', () => {
  it('writes a whole file atomically and leaves no temp file behind', async () => {
    await storage.writeAtomic(['teams', '1', 'a.txt'], Buffer.from('hello'));
    await storage.writeAtomic(['teams', '1', 'a.txt'], pieces('hel', 'lo again'));
    expect(await readFile(path.join(storage.root, 'teams/1/a.txt'), 'utf8')).toBe('hello again');
    expect(await readdir(path.join(storage.root, 'teams/1'))).toEqual(['a.txt']);
  });

  it('writes chunks in place, in any order, without truncating', async () => {
    const key = ['s', 'file.partial'];
    expect(await storage.writeAt(key, 5, pieces('world'))).toBe(5);
    expect(await storage.writeAt(key, 0, pieces('he', 'llo'))).toBe(5);
    expect(await storage.writeAt(key, 0, pieces('hello'))).toBe(5);
    expect(await storage.size(key)).toBe(10);
    await storage.sync(key);
    await storage.move(key, ['s', 'files', 'file.dcm']);
    expect(await storage.size(key)).toBeNull();
    expect(await readFile(await storage.path(['s', 'files', 'file.dcm']), 'utf8')).toBe('helloworld');
  });

  it('reads a whole file as a plain Uint8Array whose buffer holds its bytes only', async () => {
    await storage.writeAtomic(['s', 'a.bin'], Buffer.from([1, 2, 3, 4]));
    const bytes = await storage.readBytes(['s', 'a.bin']);
    expect(Buffer.isBuffer(bytes)).toBe(false);
    expect([...new Uint8Array(bytes.buffer)]).toEqual([1, 2, 3, 4]);
    // A Uint8Array's slice copies (a Buffer's would be a view).
    bytes.slice(0, 2)[0] = 9;
    expect(bytes[0]).toBe(1);
    await expect(storage.readBytes(['s', 'missing.bin'])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('links a file under a second name without copying its bytes, replacing what was there', async () => {
    await storage.writeAtomic(['s', 'files', 'a.dcm'], Buffer.from('bytes'));
    await storage.writeAtomic(['series', 'input', '1.dcm'], Buffer.from('old'));
    await storage.link(['s', 'files', 'a.dcm'], ['series', 'input', '1.dcm']);
    const [original, linked] = await Promise.all(
      [
        ['s', 'files', 'a.dcm'],
        ['series', 'input', '1.dcm'],
      ].map(async (k) => stat(await storage.path(k))),
    );
    expect(linked?.ino).toBe(original?.ino);
    expect(await readFile(await storage.path(['series', 'input', '1.dcm']), 'utf8')).toBe('bytes');
    await expect(storage.link(['s', '..', '..', 'x'], ['y'])).rejects.toThrow(UnsafePathError);
  });

  it('links many files at once into folders it makes, replacing what was there', async () => {
    const sources = [
      ['s', 'files', 'a'],
      ['s', 'files', 'b'],
      ['s', 'files', 'sub', 'c'],
    ];
    for (const [i, key] of sources.entries()) await storage.writeAtomic(key, Buffer.from(`bytes ${i}`));
    await storage.writeAtomic(['series', 'input', '2.dcm'], Buffer.from('old'));
    await storage.linkAll(sources.map((key, i) => [key, ['series', 'input', `${i + 1}.dcm`]]));
    for (const [i, key] of sources.entries()) {
      const [original, linked] = await Promise.all(
        [key, ['series', 'input', `${i + 1}.dcm`]].map(async (k) => stat(await storage.path(k))),
      );
      expect(linked?.ino).toBe(original?.ino);
    }
    expect(await storage.list(['series', 'input'])).toEqual(['1.dcm', '2.dcm', '3.dcm']);
    await expect(storage.linkAll([[['s', '..', '..', 'x'], ['y']]])).rejects.toThrow(UnsafePathError);
  });

  it('reads the first bytes of many files, fewer of a shorter one', async () => {
    await storage.writeAtomic(['d', 'long'], Buffer.from('abcdef'));
    await storage.writeAtomic(['d', 'short'], Buffer.from('a'));
    await storage.writeAtomic(['e', 'other'], Buffer.from('xyz'));
    const heads = await storage.heads(
      [
        ['d', 'long'],
        ['d', 'short'],
        ['e', 'other'],
      ],
      2,
    );
    expect(heads.map((head) => Buffer.from(head).toString())).toEqual(['ab', 'a', 'xy']);
  });

  it("lists a folder's names in order, and a missing folder as empty", async () => {
    await storage.writeAtomic(['d', 'b.dcm'], Buffer.from('b'));
    await storage.writeAtomic(['d', 'a.dcm'], Buffer.from('a'));
    expect(await storage.list(['d'])).toEqual(['a.dcm', 'b.dcm']);
    expect(await storage.list(['missing'])).toEqual([]);
    await expect(storage.list(['..', 'outside'])).rejects.toBeInstanceOf(UnsafePathError);
  });

  it('removes files and folders, and a missing one quietly', async () => {
    await storage.writeAtomic(['d', 'x'], Buffer.from('x'));
    await storage.remove(['d']);
    await storage.remove(['d']);
    expect(await storage.size(['d', 'x'])).toBeNull();
  });

  it('refuses a symbolic link that leaves the root, below it or as the file itself', async () => {
    const outside = path.join(base, 'outside');
    await writeFile(outside, 'secret');
    await mkdir(storage.root);
    await symlink(base, path.join(storage.root, 'escape'));
    await symlink(outside, path.join(storage.root, 'file-link'));
    await expect(storage.writeAtomic(['escape', 'x'], Buffer.from('x'))).rejects.toThrow(UnsafePathError);
    await expect(storage.read(['escape', 'outside'])).rejects.toThrow(UnsafePathError);
    await expect(storage.size(['file-link'])).rejects.toThrow(UnsafePathError);
    // The batch calls check a folder once, and still every file that is itself a link.
    await storage.writeAtomic(['plain'], Buffer.from('plain'));
    await expect(storage.heads([['plain'], ['file-link']], 2)).rejects.toThrow(UnsafePathError);
    await expect(storage.heads([['escape', 'outside']], 2)).rejects.toThrow(UnsafePathError);
    await expect(
      storage.linkAll([
        [['plain'], ['d', '1']],
        [['file-link'], ['d', '2']],
      ]),
    ).rejects.toThrow(UnsafePathError);
    await expect(storage.linkAll([[['plain'], ['escape', 'x']]])).rejects.toThrow(UnsafePathError);
    expect(await readFile(outside, 'utf8')).toBe('secret');
  });

  it('makes its root on first use only', async () => {
    await expect(readdir(storage.root)).rejects.toThrow();
    await storage.writeAtomic(['a'], Buffer.from('a'));
    expect(await readdir(storage.root)).toEqual(['a']);
  });

  it('refuses traversal before touching the disk', async () => {
    await expect(storage.writeAtomic(['..', 'x'], Buffer.from('x'))).rejects.toThrow(UnsafePathError);
    await expect(storage.remove(['a', '..', '..'])).rejects.toThrow(UnsafePathError);
  });
});
