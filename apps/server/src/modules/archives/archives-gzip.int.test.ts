import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ServerSeries, ServerStudy } from '@voxa/contracts';
import {
  decodeDicomFrame,
  displayForDicom,
  GZIP_DAMAGED_ERROR,
  GZIP_NOT_DICOM_ERROR,
  renderRgba,
} from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, sortSession, uploadArchives, type SortOutcome } from '../../../test/archive-flow';
import { newUploader, references, type Uploader } from '../../../test/conversion-flow';
import { readCorpusFile } from '../../../test/corpus';
import { readVolume, sameVolume } from '../../../test/nifti-volume';
import { decodePng } from '../../../test/png-decode';
import { makeZip, type ZipEntry } from '../../../test/zip-writer';

/**
 * Gzipped DICOM (`*.dcm.gz`, as scanners' export tools write it) in an archive sorted on the server: the
 * 28 slices of a GE CT, a Philips enhanced MR (64 frames in one file) and a JPEG 2000 file, each gzipped
 * at test time, beside a `.gz` that holds text and a cut-short `.dcm.gz`. They sort, preview and convert
 * as the plain files do; the two others are skipped with their reasons.
 */
let u: Uploader;
let session: string;
let sorted: SortOutcome;
const gz = (relative: string) => gzipSync(readCorpusFile(relative));
const ctSlice = (i: number) => `dicom/dcm_qa_ct/GE/${String(i).padStart(2, '0')}.dcm`;
const ENHANCED = 'dicom/dcm_qa_enh/Philips/IM_0027_fMAP.dcm';

beforeAll(async () => {
  u = await newUploader();
  const ct: ZipEntry[] = Array.from({ length: 28 }, (_, i) => ({
    name: `CT/${String(i + 1).padStart(2, '0')}.dcm.gz`,
    data: gz(ctSlice(i + 1)),
  }));
  const cut = gz(ctSlice(1));
  const zip = makeZip([
    ...ct,
    { name: 'MR/IM_0027_fMAP.dcm.gz', data: gz(ENHANCED) },
    { name: 'TS/9.dcm.gz', data: gz('dicom/dcm_qa_ts/9.dcm') },
    { name: 'notes.gz', data: gzipSync('a list of patients, not an image') },
    { name: 'CT/cut.dcm.gz', data: cut.subarray(0, cut.length - 500) },
  ]);
  session = await uploadArchives(u, [{ name: 'export.zip', bytes: zip }]);
  sorted = await sortSession(u, session);
}, 300_000);
afterAll(async () => u.t.close());

const allSeries = () =>
  sorted.metadata.studies.flatMap((study) => study.series.map((series) => ({ study, series })));
const seriesWhere = (test: (s: ServerSeries) => boolean): { study: ServerStudy; series: ServerSeries } => {
  const found = allSeries().find(({ series }) => test(series));
  if (!found) throw new Error('series not found');
  return found;
};
const ctSeries = () => seriesWhere((s) => s.modalityCode === 'CT');
const enhanced = () => seriesWhere((s) => s.numberOfFrames > 1);
const j2k = () => seriesWhere((s) => s.transferSyntaxUID === '1.2.840.10008.1.2.4.90');

describe('gzipped DICOM in an archive', () => {
  it('sorts into the series the plain files give, with the right counts, paths naming the .gz', () => {
    expect(sorted.one.map((e) => [e.name, e.files, e.error])).toEqual([['export.zip', 32, null]]);
    expect(sorted.all).toEqual([{ session, status: 'sorted', studies: 3, nifties: 0 }]);
    expect(ctSeries().series).toMatchObject({ cnt: 28, numberOfFrames: 1, rows: 512, columns: 512 });
    expect(ctSeries().series.files[0]?.path).toBe('export.zip/CT/01.dcm.gz');
    expect(enhanced().series).toMatchObject({ cnt: 1, numberOfFrames: 64, modalityCode: 'MR' });
    expect(j2k().series.cnt).toBe(1);
  });

  it('skips a .gz holding no DICOM and a cut-short one, each with its reason', () => {
    expect(sorted.metadata.skipped).toEqual([
      { path: 'export.zip/notes.gz', reason: GZIP_NOT_DICOM_ERROR },
      { path: 'export.zip/CT/cut.dcm.gz', reason: GZIP_DAMAGED_ERROR },
    ]);
  });

  it('previews a gzipped CT slice exactly as the plain file renders', async () => {
    const { series } = ctSeries();
    const res = await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}?slice=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-slices')).toBe('28');
    const png = decodePng(res.bytes);
    const fileIndex = series.files.findIndex((f) => f.path === 'export.zip/CT/04.dcm.gz');
    expect(fileIndex).toBe(3);
    const decoded = decodeDicomFrame(readCorpusFile(ctSlice(4)), 0);
    if (!decoded.ok) throw new Error(decoded.error);
    // 512 x 512 CT pixels are shown at 512: the PNG is the frame as the page's worker windows it.
    expect([png.width, png.height]).toEqual([512, 512]);
    const expected = renderRgba(decoded.frame, displayForDicom(decoded.header));
    expect(Buffer.from(png.rgba).equals(Buffer.from(expected))).toBe(true);
  });

  it('previews a frame of the gzipped enhanced MR with its frame count', async () => {
    const { series } = enhanced();
    const res = await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}?slice=40`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-slices')).toBe('64');
    expect(new Set(decodePng(res.bytes).rgba.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(10);
  });

  it('previews a gzipped JPEG 2000 file through dcm2niix, which gets it inflated', async () => {
    const { series } = j2k();
    const res = await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}?slice=17`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-slices')).toBe('35');
  });

  it('converts the gzipped enhanced MR to a volume of the dcm2niix reference', async () => {
    const { study, series } = enhanced();
    const res = await getBytes(
      u,
      `/c-upload/create-nifti-from-serie/${session}/${study.studyKey}/${series.uploadId}`,
    );
    expect(res.status).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'voxa-gz-'));
    try {
      await writeFile(path.join(dir, 'series.nii'), res.bytes);
      const volume = await readVolume(path.join(dir, 'series.nii'));
      const refs = await references('dcm_qa_enh');
      expect(refs.some((reference) => sameVolume(volume, reference))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
