import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The shared corpus (never copied into the repository); TESTDATA_DIR overrides the default location. */
export const TESTDATA_DIR =
  process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../..', '../shared/testdata');

/** One row of MANIFEST.tsv; empty cells are empty strings. */
export interface ManifestRow {
  path: string;
  bytes: number;
  sha256: string;
  kind: string;
  modality: string;
  sopClass: string;
  transferSyntax: string;
  transferSyntaxUid: string;
  seriesNumber: string;
  numberOfFrames: string;
  rowsXCols: string;
  pixelData: string;
}

export function readManifest(): ManifestRow[] {
  const lines = readFileSync(path.join(TESTDATA_DIR, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const c = line.split('\t').map((cell) => cell.trim());
      return {
        path: c[0] ?? '',
        bytes: Number(c[1]),
        sha256: c[2] ?? '',
        kind: c[3] ?? '',
        modality: c[4] ?? '',
        sopClass: c[5] ?? '',
        transferSyntax: c[6] ?? '',
        transferSyntaxUid: c[7] ?? '',
        seriesNumber: c[8] ?? '',
        numberOfFrames: c[9] ?? '',
        rowsXCols: c[10] ?? '',
        pixelData: c[11] ?? '',
      };
    });
}

/** The bytes of a corpus file, as a plain Uint8Array (what a browser's FileReader would give). */
export function readTestFile(relativePath: string): Uint8Array {
  const buffer = readFileSync(path.join(TESTDATA_DIR, relativePath));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** A FileRef for a corpus file, as the browser would describe it. */
export function testFileRef(row: Pick<ManifestRow, 'path' | 'bytes'>): {
  name: string;
  size: number;
  path: string;
} {
  return { name: path.basename(row.path), size: row.bytes, path: row.path };
}
