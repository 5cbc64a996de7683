import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dimse from 'dcmjs-dimse';
import { describe, expect, it } from 'vitest';
import { INSTANCE_TAGS, KEYWORDS, SERIES_TAGS } from './modules/dicomweb/attributes';
import { QUERY_RETRIEVE_CLASSES } from './modules/dimse/query-retrieve';
import { TRANSFER_SYNTAXES } from './modules/dimse/scp';
import { isStorageSopClass } from './modules/dimse/storage-classes';
import { DECODERS } from './platform/codecs/pixel-codec';

/**
 * docs/dicom-conformance.md against what the server registers: each table marked "(checked)" lists
 * exactly what the code takes, so neither changes without the other.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const statement = readFileSync(path.resolve(here, '../../../docs/dicom-conformance.md'), 'utf8');

/** The table rows of the section under a heading that starts with `heading`, each as its cells. */
function rowsUnder(heading: string): string[][] {
  const lines = statement.split('\n');
  const start = lines.findIndex((l) => /^#+ /.test(l) && l.replace(/^#+ /, '').startsWith(heading));
  if (start < 0) throw new Error(`No section '${heading}' in docs/dicom-conformance.md`);
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l));
  const separator = (l: string | undefined) => l !== undefined && /^\|\s*-/.test(l);
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  return section
    .filter((l, i) => l.startsWith('|') && !separator(l) && !separator(section[i + 1])) // no header rows
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/^`|`$/g, '')),
    );
}

const column = (rows: string[][], index: number) => rows.map((r) => r[index] ?? '');

describe('docs/dicom-conformance.md', () => {
  it('lists the SOP classes the SCP accepts: Verification, Query/Retrieve and every named storage class', () => {
    const uids = column(rowsUnder('2.2 SOP classes as SCP'), 1);
    const named = new Set<string>(Object.values(dimse.constants.StorageClass));
    const served = [dimse.constants.SopClass.Verification, ...QUERY_RETRIEVE_CLASSES, ...named];
    expect(new Set(uids)).toEqual(new Set(served));
    expect(uids.filter((uid) => named.has(uid)).every(isStorageSopClass)).toBe(true);
    expect(isStorageSopClass('1.2.840.10008.5.1.4.1.1.88.59')).toBe(true); // a Key Object Selection, not named
  });

  it('lists the C-STORE transfer syntaxes in the order the SCP prefers them', () => {
    expect(column(rowsUnder('2.3 Transfer syntaxes accepted'), 1)).toEqual(TRANSFER_SYNTAXES);
  });

  it('lists every QIDO-RS attribute with its tag and level', () => {
    const rows = rowsUnder('3.2 QIDO-RS attributes');
    expect(Object.fromEntries(rows.map(([keyword = '', tag = '']) => [keyword, tag]))).toEqual(KEYWORDS);
    const levelOf = (tag: string) =>
      (SERIES_TAGS as readonly string[]).includes(tag)
        ? 'series'
        : (INSTANCE_TAGS as readonly string[]).includes(tag)
          ? 'instance'
          : 'study';
    for (const [keyword = '', tag = '', level] of rows) expect(level, keyword).toBe(levelOf(tag));
  });

  it('lists the transfer syntaxes WADO-RS decodes', () => {
    expect(new Set(column(rowsUnder('3.3 Transfer syntaxes WADO-RS decodes'), 1))).toEqual(
      new Set(DECODERS.keys()),
    );
  });
});
