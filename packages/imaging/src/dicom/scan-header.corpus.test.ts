import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readManifest, readTestFile } from '../../test/manifest';
import { readDicomHeader, readDicomHeaderInFull } from './read-header';
import { scanHeaderDataSet } from './scan-header';

const rows = readManifest();
const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

/** Lengths the files are cut at: inside the preamble, the meta group, the data set, the pixel data. */
const CUTS = [131, 132, 140, 200, 300, 512, 1000, 2048, 4096, 10_000, 65_536, 262_144];

/** The data set alone, as old archives store it: the meta group's length read from its first element. */
function withoutMetaHeader(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 144) return null;
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(140, true);
  return 144 + metaLength < bytes.length ? bytes.slice(144 + metaLength) : null;
}

function variants(bytes: Uint8Array): [string, Uint8Array][] {
  const cut = CUTS.filter((length) => length < bytes.length).map(
    (length) => [`first ${length} bytes`, bytes.subarray(0, length)] as [string, Uint8Array],
  );
  const bare = withoutMetaHeader(bytes);
  return [['whole', bytes], ...cut, ...(bare ? [['without meta group', bare] as [string, Uint8Array]] : [])];
}

describe('the header scanner against dicom-parser on every file of the corpus', () => {
  let scanned = 0;
  let dicom = 0;

  it.each(rows.map((row) => [row.path, row.kind] as const))('%s', (path, kind) => {
    const bytes = readTestFile(path);
    for (const [name, variant] of variants(bytes)) {
      expect(readDicomHeader(variant, { inflateRaw }), `${path}, ${name}`).toEqual(
        readDicomHeaderInFull(variant, { inflateRaw }),
      );
    }
    if (kind === 'dicom') {
      dicom += 1;
      if (scanHeaderDataSet(bytes, null)) scanned += 1;
    }
  });

  it('reads nearly every DICOM file itself, leaving few to the full parse', () => {
    expect(dicom).toBe(774);
    expect(scanned / dicom).toBeGreaterThan(0.95);
  });
});
