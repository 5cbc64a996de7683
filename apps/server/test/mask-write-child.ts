/**
 * A process that writes a large mask revision through writeMaskRevision and is killed by the crash test
 * (mask-crash.int.test.ts) at a moment it announces on stdout:
 * - `during-write`: "writing" once the first bytes of the new file are on their way, the rest never
 *   following, so the kill lands inside the file write however late it comes (with the rest written
 *   slowly, a kill late on a loaded machine could come after the file was complete and renamed);
 * - `before-commit`: "written" once the file is complete and renamed, its row not yet committed.
 * Its input is one JSON argument: { mode, dataDir, db: { pgliteDir?, databaseUrl?, schema? }, target }.
 */
import { gzipSync } from 'node:zlib';
import { labelMaskVoxels } from '@voxa/imaging';
import { openDb } from '../src/platform/db';
import { createStorage, type StorageKey } from '../src/platform/storage';
import {
  inflateRevision,
  readRevision,
  writeMaskRevision,
  type MaskTarget,
} from '../src/modules/segmentations/mask-revisions';

interface ChildInput {
  mode: 'during-write' | 'before-commit';
  dataDir: string;
  db: { pgliteDir?: string; databaseUrl?: string; schema?: string };
  target: MaskTarget;
}

const CHUNK = 64 * 1024;

/** The first chunk of the bytes, announced, then nothing until the process is killed. */
async function* stalled(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes.subarray(0, CHUNK);
  process.stdout.write('writing\n');
  await new Promise(() => undefined);
}

const input = JSON.parse(process.argv[2] ?? '{}') as ChildInput;
const db = await openDb(input.db.pgliteDir ? { dataDir: input.db.pgliteDir } : input.db);
const storage = await createStorage(input.dataDir);
const writing = {
  writeAtomic: async (key: StorageKey, data: Uint8Array | AsyncIterable<Uint8Array>) => {
    if (input.mode === 'during-write' && data instanceof Uint8Array)
      return storage.writeAtomic(key, stalled(data));
    await storage.writeAtomic(key, data);
    process.stdout.write('written\n');
    // Held here, inside the transaction, until the test kills the process.
    await new Promise(() => undefined);
  },
};
await writeMaskRevision(db, writing, input.target, 'paint', async (current) => {
  if (!current) throw new Error('the crash test needs a mask to paint over');
  const nii = await inflateRevision(
    await readRevision(storage, input.target.folder, input.target.segmentationId, current.revision),
  );
  // Pseudo-random labels: a file that deflate cannot shrink much, so its write takes a while.
  const voxels = labelMaskVoxels(nii);
  let seed = 12345;
  for (let i = 0; i < voxels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    voxels[i] = seed >>> 25;
  }
  return { gz: gzipSync(nii, { level: 1 }), datatype: current.datatype };
});
process.stdout.write('committed\n');
