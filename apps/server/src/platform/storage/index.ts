import { randomBytes } from 'node:crypto';
import { close, constants, createReadStream, open as openCallback, read, type ReadStream } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { eachAtOnce } from '../concurrency/each-at-once';
import { isInside, resolveInside, UnsafePathError, type StorageKey } from './paths';
import { readBytes } from './read-bytes';

export { relativeKey, UnsafePathError, type StorageKey } from './paths';
export { readBytes } from './read-bytes';

/** Bytes `start` to `end` of a file, both inclusive (as HTTP ranges count). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Files under one root folder (DATA_DIR). Every key is resolved inside the root and checked after
 * resolution, symbolic links included; whole files appear atomically (temp file, then rename).
 */
export interface Storage {
  /** The root folder, absolute. */
  readonly root: string;
  /** The checked absolute path of a key. */
  path(key: StorageKey): Promise<string>;
  /**
   * Writes a whole file: a temp file beside it, flushed, then renamed, so readers never see half of it;
   * a failing `data` leaves nothing.
   */
  writeAtomic(
    key: StorageKey,
    data: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ): Promise<void>;
  /**
   * Writes bytes at `offset` of a file, creating it if missing and never truncating it: the chunks of a
   * file land in place, in any order. Returns the number of bytes written.
   */
  writeAt(key: StorageKey, offset: number, data: AsyncIterable<Uint8Array>): Promise<number>;
  /** Flushes a file to the disk. */
  sync(key: StorageKey): Promise<void>;
  /** Renames one key onto another (atomic on one file system), replacing the target. */
  move(from: StorageKey, to: StorageKey): Promise<void>;
  /**
   * Makes `to` name the same bytes as `from` without copying them (a hard link), replacing `to`; a copy
   * only where the file system cannot link (another device).
   */
  link(from: StorageKey, to: StorageKey): Promise<void>;
  /**
   * `link` for many files (a series' thousands): each folder is checked once, not each file, so a file
   * costs two calls; a source that is a symbolic link is refused.
   */
  linkAll(pairs: readonly (readonly [from: StorageKey, to: StorageKey])[]): Promise<void>;
  /**
   * The first `length` bytes of each file (fewer when it is shorter), to tell many files' kinds: each
   * folder is checked once; a file that is a symbolic link is refused.
   */
  heads(keys: readonly StorageKey[], length: number): Promise<Uint8Array[]>;
  /** Size in bytes of a file, or null when there is none. */
  size(key: StorageKey): Promise<number | null>;
  /** The names in a folder, sorted; none when the folder is missing. */
  list(key: StorageKey): Promise<string[]>;
  /** The file's bytes, or only those from `range.start` to `range.end` (both inclusive). */
  read(key: StorageKey, range?: ByteRange): Promise<ReadStream>;
  /** A whole file's bytes, read at once (no copy: see `readBytes`). */
  readBytes(key: StorageKey): Promise<Uint8Array>;
  /** Removes a file or a folder with its content; nothing when missing. */
  remove(key: StorageKey): Promise<void>;
}

const openFd = promisify(openCallback);
const readFd = promisify(read);
const closeFd = promisify(close);

/**
 * The first `length` bytes of a file, refusing a file that is a link. On plain descriptors: a FileHandle
 * costs about twice as much a file, which thousands of files a series feel.
 */
async function readHead(file: string, length: number): Promise<Uint8Array> {
  const fd = await openFd(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => {
      throw error.code === 'ELOOP' ? new UnsafePathError('the path is a link') : error;
    },
  );
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await readFd(fd, head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await closeFd(fd);
  }
}

/** Files linked or opened at once by the batch calls: each call mostly waits on the file system. */
const FILES_AT_ONCE = 16;

/** The root folder is made on first use, so building the app (for the OpenAPI document) writes nothing. */
export async function createStorage(root: string): Promise<Storage> {
  let realRoot: Promise<string> | null = null;
  const rootReady = () => (realRoot ??= mkdir(root, { recursive: true }).then(() => realpath(root)));

  /** Resolves a key, refusing a result that a symbolic link would carry outside the root. */
  const checked = async (key: StorageKey, createParents = false): Promise<string> => {
    const resolvedRoot = await rootReady();
    const target = resolveInside(resolvedRoot, key);
    let existing = target;
    for (;;) {
      try {
        const info = await lstat(existing);
        if (info.isSymbolicLink() && existing === target) throw new UnsafePathError('the path is a link');
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        existing = path.dirname(existing);
      }
    }
    if (!isInside(resolvedRoot, await realpath(existing)))
      throw new UnsafePathError('a link leaves the root');
    // The parent is made only when missing: one file-system call less for every file written beside others.
    if (createParents && existing !== path.dirname(target))
      await mkdir(path.dirname(target), { recursive: true });
    return target;
  };

  /**
   * Resolves a key whose file a rename replaces (a link there is replaced, never followed): only its
   * folder is checked, one call when it exists, the walk of `checked` when it does not (then made).
   */
  const replaceable = async (key: StorageKey): Promise<string> => {
    const resolvedRoot = await rootReady();
    const target = resolveInside(resolvedRoot, key);
    let folder: string;
    try {
      folder = await realpath(path.dirname(target));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return checked(key, true);
    }
    if (!isInside(resolvedRoot, folder)) throw new UnsafePathError('a link leaves the root');
    return target;
  };

  /**
   * Resolves many keys, checking each folder once: its first key goes through `check` (the walk of
   * `checked`, or `replaceable`, which makes a missing folder), the others of that folder only through
   * `resolveInside`. A file itself that is a link is refused by the caller's own call on it.
   */
  const inCheckedFolders = (check: (key: StorageKey) => Promise<string>) => {
    const folders = new Map<string, Promise<string>>();
    return async (key: StorageKey): Promise<string> => {
      const target = resolveInside(await rootReady(), key);
      const folder = path.dirname(target);
      let first = folders.get(folder);
      if (!first) folders.set(folder, (first = check(key)));
      await first;
      return target;
    };
  };

  const hardLink = async (source: string, target: string) => {
    await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') {
        await rm(target, { force: true });
        return hardLink(source, target);
      }
      if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
      await copyFile(source, target);
    });
  };

  const writeAt = async (target: string, offset: number, data: AsyncIterable<Uint8Array>, flush = false) => {
    // O_CREAT without O_TRUNC: the chunks already in the file stay. A write stream batches the pieces
    // that arrive while a write is under way (writev), far fewer system calls than one write per piece;
    // `flush` syncs the file on the same descriptor before it closes.
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT, 0o640);
    const out = handle.createWriteStream({ start: offset, highWaterMark: 1024 * 1024, flush });
    await pipeline(Readable.from(data, { objectMode: false }), out);
    return out.bytesWritten;
  };

  /** Pieces already in memory: a call each (a write stream's machinery costs more than it saves here). */
  const writeWhole = async (target: string, pieces: Iterable<Uint8Array>) => {
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o640);
    try {
      for (const piece of pieces)
        for (let done = 0; done < piece.length;) done += (await handle.write(piece, done)).bytesWritten;
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  return {
    root: path.resolve(root),
    path: (key) => checked(key),
    writeAtomic: async (key, data) => {
      const target = await replaceable(key);
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (data instanceof Uint8Array) await writeWhole(temp, [data]);
        else if (Symbol.iterator in data) await writeWhole(temp, data);
        else await writeAt(temp, 0, data, true);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    writeAt: async (key, offset, data) => writeAt(await checked(key, true), offset, data),
    sync: async (key) => {
      const handle = await open(await checked(key), 'r');
      await handle.sync().finally(() => handle.close());
    },
    move: async (from, to) => {
      const source = await checked(from);
      await rename(source, await replaceable(to));
    },
    link: async (from, to) => hardLink(await checked(from), await replaceable(to)),
    linkAll: async (pairs) => {
      const source = inCheckedFolders((key) => checked(key));
      const target = inCheckedFolders(replaceable);
      await eachAtOnce(pairs, FILES_AT_ONCE, async ([from, to]) => {
        const [sourcePath, targetPath] = await Promise.all([source(from), target(to)]);
        if ((await lstat(sourcePath)).isSymbolicLink()) throw new UnsafePathError('the path is a link');
        await hardLink(sourcePath, targetPath);
      });
    },
    heads: async (keys, length) => {
      const resolve = inCheckedFolders((key) => checked(key));
      const heads: Uint8Array[] = [];
      await eachAtOnce(keys, FILES_AT_ONCE, async (key, index) => {
        heads[index] = await readHead(await resolve(key), length);
      });
      return heads;
    },
    size: async (key) => {
      try {
        const info = await stat(await checked(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    list: async (key) => {
      try {
        return (await readdir(await checked(key))).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    read: async (key, range) => createReadStream(await checked(key), range),
    readBytes: async (key) => readBytes(await checked(key)),
    remove: async (key) => {
      let target: string;
      try {
        target = await checked(key);
      } catch (error) {
        // Removed by someone else between the check's lstat and realpath (a folder removed whole while
        // its files are removed one by one): missing, so nothing to do.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await rm(target, { recursive: true, force: true });
    },
  };
}
