import { inflateRawSync } from 'node:zlib';
import { readDicomHeader } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { oneFilePerTransferSyntax, readCorpusFile } from '../../../test/corpus';
import { concatBytes } from '@voxa/imaging';
import { part10Header } from './part10';

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

/** The dataset of a Part 10 file, as a C-STORE carries it: what follows the file meta group. */
function datasetOf(file: Uint8Array): Uint8Array {
  const groupLength = new DataView(file.buffer, file.byteOffset).getUint32(132 + 8, true);
  return file.subarray(132 + 12 + groupLength);
}

describe('part10Header', () => {
  it.each(oneFilePerTransferSyntax())('wraps a received $syntax dataset as a readable file', ({ path }) => {
    const original = readDicomHeader(readCorpusFile(path), { inflateRaw });
    if (!original.ok) throw new Error('corpus file unreadable');
    const { sopClassUid, sopInstanceUid, transferSyntaxUid } = original.header;
    const dataset = datasetOf(readCorpusFile(path));
    const header = part10Header({
      sopClassUid: sopClassUid ?? '',
      sopInstanceUid: sopInstanceUid ?? '',
      transferSyntaxUid: transferSyntaxUid ?? '',
    });
    const file = concatBytes([header, dataset]);
    const reread = readDicomHeader(file, { inflateRaw });
    if (!reread.ok) throw new Error('rebuilt file unreadable');
    expect(reread.header).toEqual(original.header);
    // Compared as bytes: an element-by-element deep equality of megabytes took seconds.
    expect(Buffer.compare(file.subarray(file.length - dataset.length), dataset)).toBe(0);
  });
});
