import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The shared corpus (never copied into the repository); TESTDATA_DIR overrides the default location. */
export const TESTDATA_DIR =
  process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../..', '../shared/testdata');

/** Corpus DICOM files by transfer syntax UID (MANIFEST.tsv), first file of each syntax. */
export function oneFilePerTransferSyntax(): { path: string; syntax: string }[] {
  const rows = readFileSync(path.join(TESTDATA_DIR, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1);
  const bySyntax = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split('\t');
    const [file, , , kind] = cells;
    const syntax = cells[7]?.trim();
    if (kind === 'dicom' && syntax && cells[11]?.trim() === 'yes' && !bySyntax.has(syntax))
      bySyntax.set(syntax, file as string);
  }
  return [...bySyntax].map(([syntax, file]) => ({ syntax, path: path.join(TESTDATA_DIR, file) }));
}

export function readCorpusFile(relativeOrAbsolute: string): Uint8Array {
  const buffer = readFileSync(path.resolve(TESTDATA_DIR, relativeOrAbsolute));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
