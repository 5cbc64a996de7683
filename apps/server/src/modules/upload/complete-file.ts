import { createHash } from 'node:crypto';
import { HttpError } from '../../http/errors';
import type { StorageKey } from '../../platform/storage';
import type { ClaimedFile } from './claim-chunk';
import { partialKey, storedFileKey } from '../../platform/storage/layout';
import type { UploadRuntime } from './service';

async function sha256Of(rt: UploadRuntime, key: StorageKey): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of await rt.deps.storage.read(key)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/** Rename failures that mean a file and a folder of the upload share a name. */
const NAME_CLASH = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY']);

/** A failure to put a file under its name that means a file and a folder of the upload share it: 409. */
export function nameClashOr(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && NAME_CLASH.has(code))
    return new HttpError(409, 'A file and a folder of this upload have the same name.');
  return error;
}

/**
 * Turns a file's partial copy, every chunk stored, into the stored file: its sha256 (from the running
 * hash, else read back), a flush, an atomic rename under its name, then the row. Runs again safely when a
 * crash came between the rename and the row, and when another completion of the file (another process,
 * or a request outliving a restart) renames the copy meanwhile: the stored file is then the result.
 */
export async function completeFile(
  rt: UploadRuntime,
  input: { teamId: number; session: string; file: ClaimedFile; name: StorageKey },
): Promise<string | null> {
  const { file, teamId, session } = input;
  const { storage } = rt.deps;
  const partial = partialKey(teamId, session, file.id);
  const target = storedFileKey(teamId, session, input.name);
  const size = file.size;
  const record = async (sha256: string) => {
    await rt.deps.db
      .updateTable('upload_files')
      .set({ sha256, completed_at: new Date() })
      .where('id', '=', file.id)
      .execute();
    return sha256;
  };
  const running = rt.hashes.finish(file.id, file.chunk_count);
  const partialSize = await storage.size(partial);
  if (partialSize !== null) {
    if (partialSize !== size)
      throw new Error(`partial copy of upload file ${file.id} has ${partialSize} bytes`);
    try {
      const sha256 = running ?? (await sha256Of(rt, partial));
      await storage.sync(partial);
      await storage.move(partial, target);
      return await record(sha256);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw nameClashOr(error);
    }
  }
  // Renamed before a crash, or by another completion meanwhile: the stored file is the result, if whole.
  if ((await storage.size(target)) !== size) return null;
  return record(await sha256Of(rt, target));
}
