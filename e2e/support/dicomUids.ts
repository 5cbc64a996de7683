import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A DICOM UID from a random UUID (PS3.5 B.2: the 2.25 root). */
const newUid = () => `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString()}`;

/**
 * Copies of a folder of DICOM files whose UIDs and series number were stripped (TotalSegmentator's example
 * CT), given one study and series UID, an instance UID each and series number 1 with dcmtk's dcmodify, as a
 * PACS export carries them: the upload skips a file without UIDs and asks for a series number. The copies
 * live in a temp dir; `remove` drops it.
 */
export function withSeriesUids(dir: string): { files: string[]; remove: () => void } {
  const temp = mkdtempSync(path.join(tmpdir(), 'voxa-uids-'));
  const files = readdirSync(dir).map((name) => {
    const copy = path.join(temp, name);
    copyFileSync(path.join(dir, name), copy);
    return copy;
  });
  const set = (tag: string) => ['-i', `${tag}=${newUid()}`];
  const number = ['-i', '(0020,0011)=1'];
  execFileSync('dcmodify', [
    '-nb',
    ...set('(0020,000D)'),
    ...set('(0020,000E)'),
    ...number,
    '-gin',
    ...files,
  ]);
  return { files, remove: () => rmSync(temp, { recursive: true, force: true }) };
}
