import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readManifest, TESTDATA_DIR } from '@voxa/imaging/test-corpus';

export { TESTDATA_DIR } from '@voxa/imaging/test-corpus';

/** Corpus DICOM files with pixel data, the first of each transfer syntax UID of MANIFEST.tsv. */
export function oneFilePerTransferSyntax(): { path: string; syntax: string }[] {
  const bySyntax = new Map<string, string>();
  for (const row of readManifest())
    if (
      row.kind === 'dicom' &&
      row.transferSyntaxUid &&
      row.pixelData === 'yes' &&
      !bySyntax.has(row.transferSyntaxUid)
    )
      bySyntax.set(row.transferSyntaxUid, row.path);
  return [...bySyntax].map(([syntax, file]) => ({ syntax, path: path.join(TESTDATA_DIR, file) }));
}

export function readCorpusFile(relativeOrAbsolute: string): Uint8Array {
  const buffer = readFileSync(path.resolve(TESTDATA_DIR, relativeOrAbsolute));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
