import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortSession, uploadArchives, type SortOutcome } from '../../../test/archive-flow';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { readCorpusFile } from '../../../test/corpus';
import { makeZip } from '../../../test/zip-writer';

/**
 * Twelve malformed DICOM files sent to the server-side sort: none becomes a study, and each is listed in
 * `skipped` with its reason, which the upload pages show (showSkippedFiles).
 */
let u: Uploader;
let sorted: SortOutcome;
let loose: SortOutcome;
const dicom = readCorpusFile('dicom/dcm_qa_ct/GE/01.dcm');
const preamble = (rest: Uint8Array) =>
  new Uint8Array([...new Uint8Array(128), ...Buffer.from('DICM'), ...rest]);
const malformed: [string, Uint8Array][] = [
  ['empty.dcm', new Uint8Array(0)],
  ['tiny.dcm', Buffer.from('0123456789')],
  ['magic-only.dcm', preamble(new Uint8Array(0))],
  ['cut-in-header.dcm', dicom.subarray(0, 200)],
  ['no-pixels.dcm', dicom.subarray(0, Buffer.from(dicom).indexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00])))],
  ['random.dcm', new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251)],
  ['huge-length.dcm', preamble(new Uint8Array([2, 0, 0x10, 0, 0x55, 0x49, 0xff, 0xff, 1, 2, 3]))],
  ['text.dcm', Buffer.from('This is not a DICOM file at all, only words.\n'.repeat(20))],
  ['bad-gzip.dcm.gz', gzipSync(Buffer.from('not dicom inside'))],
  ['zeros.dcm', new Uint8Array(1024)],
  ['no-uids.dcm', preamble(new Uint8Array([8, 0, 0x60, 0, 0x43, 0x53, 2, 0, 0x43, 0x54]))],
  ['ff.dcm', new Uint8Array(2048).fill(0xff)],
];

beforeAll(async () => {
  u = await newUploader();
  const session = await uploadArchives(u, [
    { name: 'malformed.zip', bytes: makeZip(malformed.map(([name, data]) => ({ name, data }))) },
  ]);
  sorted = await sortSession(u, session);
  const sentAsTheyAre = await uploadArchives(
    u,
    malformed.map(([name, bytes]) => ({ name, bytes })),
  );
  loose = await sortSession(u, sentAsTheyAre);
}, 300_000);
afterAll(async () => u.t.close());

describe('malformed DICOM files in the server-side sort', () => {
  it('are each listed in skipped with the reason, inside an archive', () => {
    expect(sorted.metadata.studies).toEqual([]);
    const skipped = new Map(sorted.metadata.skipped.map((s) => [s.path, s.reason]));
    expect([...skipped.keys()].sort()).toEqual(malformed.map(([name]) => `malformed.zip/${name}`).sort());
    for (const reason of skipped.values()) expect(reason).toMatch(/\w{4}/);
  });

  it('are each listed in skipped with the reason, sent as they are', () => {
    expect(loose.metadata).toMatchObject({ status: 'sorted', archives: [], studies: [], nifties: [] });
    const skipped = new Map(loose.metadata.skipped.map((s) => [s.path, s.reason]));
    expect([...skipped.keys()].sort()).toEqual(malformed.map(([name]) => name).sort());
    expect(skipped.get('empty.dcm')).toBe(
      sorted.metadata.skipped.find((s) => s.path.endsWith('/empty.dcm'))?.reason,
    );
  });
});
