import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import {
  convertedSeries,
  corpusSeries,
  download,
  storedMask,
  type ConvertedSeries,
} from '../../../test/mask-flow';
import { maskKey, segmentationKey } from '../../platform/storage/layout';
import type { MaskTarget } from './mask-revisions';

/**
 * A process killed (SIGKILL) while it writes a large mask revision, and again once the file is written
 * but its row not committed: the previous revision stays current, readable and byte-identical, no row
 * names a missing file, and the next write succeeds (decision 0032). The mask is TotalSegmentator's,
 * imported over the really converted example CT; the database is the test's own, on disk.
 */
const CHILD = path.resolve(import.meta.dirname, '../../../test/mask-write-child.ts');

let u: Uploader;
let pgliteDir: string;
let ct: ConvertedSeries;
let who: { token: string; team: string };
let id: number;
beforeAll(async () => {
  pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'voxa-crash-db-'));
  u = await newUploader({}, { pgliteDir });
  who = { token: u.owner.token, team: u.team.slug };
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  const labelMap = await readFile(
    path.join(TESTDATA_DIR, 'segmentation/totalsegmentator/example_seg_dicom.nii.gz'),
  );
  const imported = await u.t.call('POST', `/v2/import-mask/${ct.uuid}?structure=totalsegmentator-total`, {
    ...who,
    bytes: labelMap,
    prefix: '/svc',
  });
  expect(imported.status).toBe(201);
  id = imported.body.id;
}, 240_000);
afterAll(async () => {
  await u.t.close();
  await rm(pgliteDir, { recursive: true, force: true });
});

/** Runs the child until it prints `signal`, then kills it; answers what it printed. */
function killAt(mode: 'during-write' | 'before-commit', signal: string, target: MaskTarget): Promise<string> {
  const input = { mode, dataDir: u.t.config.DATA_DIR, db: u.t.dbLocation, target };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(signal)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, killedBy) =>
      killedBy === 'SIGKILL'
        ? resolve(out)
        : reject(new Error(`child ended (${code}) before "${signal}": ${err}`)),
    );
  });
}

describe('a mask write killed half way', () => {
  it(
    'leaves the previous revision current and byte-identical, and no row without its file',
    { timeout: 120_000 },
    async () => {
      const before = await storedMask(u, ct, id, 1);
      const user = await u.t.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', u.owner.id)
        .executeTakeFirstOrThrow();
      const target: MaskTarget = { segmentationId: id, teamId: u.team.id, user, folder: ct.folder };
      const printed: string[] = [];
      await u.t.reopen(async () => {
        printed.push(await killAt('during-write', 'writing', target));
        printed.push(await killAt('before-commit', 'written', target));
      });
      expect(printed).toEqual(['writing\n', 'written\n']);

      const rows = await u.t.db
        .selectFrom('mask_revisions')
        .select('revision')
        .where('segmentation_id', '=', id)
        .execute();
      expect(rows.map((r) => r.revision)).toEqual([1]);
      const { mask_revision } = await u.t.db
        .selectFrom('segmentations')
        .select('mask_revision')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(mask_revision).toBe(1);
      for (const { revision } of rows)
        expect(existsSync(await u.t.app.deps.storage.path(maskKey(ct.folder, id, revision)))).toBe(true);
      expect((await storedMask(u, ct, id, 1)).equals(before)).toBe(true);
      const served = await download(u, `/v2/mask/${ct.uuid}/${id}`, who);
      expect(served.bytes.equals(before)).toBe(true);
      // The second kill left a complete file no row names; the first, at most a temporary file beside it.
      const files = await readdir(await u.t.app.deps.storage.path(segmentationKey(ct.folder, id)));
      expect(files).toContain('mask-2.nii.gz');
      expect(files.filter((f) => f.startsWith('mask-2.nii.gz.') && f.endsWith('.tmp'))).toHaveLength(1);
      expect(files.filter((f) => !f.endsWith('.tmp')).sort()).toEqual(['mask-1.nii.gz', 'mask-2.nii.gz']);

      // The next write takes revision 2, replacing the unnamed file.
      const removed = await u.t.call('PUT', `/v2/mask/remove-segment/${ct.uuid}/${id}/5`, {
        ...who,
        prefix: '/svc',
      });
      expect(removed).toMatchObject({ status: 200, body: { revision: 2, reason: 'remove-segment' } });
      const current = await download(u, `/v2/mask/${ct.uuid}/${id}`, who);
      expect(current.bytes.equals(await storedMask(u, ct, id, 2))).toBe(true);
    },
  );
});
