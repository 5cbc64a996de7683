import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_TEXTS, withIdentity } from '../../apps/server/test/identity';

/**
 * Copies of DICOM files given the planted identity of the server's de-identification tests, under a
 * new temp folder (each file's own name kept, in its folder's name): their paths, and every planted
 * text and original UID a search after the anonymised upload must not find.
 */
export function plantedCopies(files: readonly string[]): { paths: string[]; texts: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voxa-planted-'));
  const uids = new Set<string>();
  const paths = files.map((file) => {
    const planted = withIdentity(new Uint8Array(readFileSync(file)));
    for (const uid of planted.uids) uids.add(uid);
    const folder = path.join(dir, path.basename(path.dirname(file)));
    mkdirSync(folder, { recursive: true });
    const copy = path.join(folder, path.basename(file));
    writeFileSync(copy, planted.file);
    return copy;
  });
  return { paths, texts: [...IDENTITY_TEXTS, ...uids] };
}
