import { trailingPixelDataStart } from '@voxa/imaging';
import { readManifest, readTestFile } from '@voxa/imaging/test-corpus';
import { describe, expect, it } from 'vitest';
import { deidentifyWhole, deidentifyWithDcmjs } from './deidentify';
import { teamReplacements } from './keyed';

const replacements = teamReplacements(Buffer.alloc(32, 5));
const rows = readManifest().filter((row) => row.kind === 'dicom');

/** The whole file through dcmjs, or the error it throws (the short path must throw too). */
function whole(bytes: Uint8Array): Uint8Array | Error {
  try {
    return deidentifyWhole(bytes, replacements);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

describe('de-identification with the pixel bytes carried over, on every corpus file', () => {
  let short = 0;

  it.each(rows.map((row) => [row.path] as const))('%s gives the bytes of the whole write', (path) => {
    const bytes = readTestFile(path);
    if (trailingPixelDataStart(bytes) !== null) short += 1;
    const expected = whole(bytes);
    if (expected instanceof Error) expect(() => deidentifyWithDcmjs(bytes, replacements)).toThrow();
    else
      expect(Buffer.from(deidentifyWithDcmjs(bytes, replacements)).equals(Buffer.from(expected))).toBe(true);
  });

  it('takes the short path for the files with native pixel data at their end', () => {
    expect(short).toBeGreaterThan(rows.length / 3);
  });
});
