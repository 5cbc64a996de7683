import { gzipSync } from 'node:zlib';
import type { ServerSeries, ServerStudy } from '@voxa/contracts';
import { decodeDicomFrame, displayForDicom, previewSize, renderRgba, unsupportedReason } from '@voxa/imaging';
import * as nifti from 'nifti-reader-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, sortSession, uploadArchives, type SortOutcome } from '../../../test/archive-flow';
import {
  newUploader,
  folderSeries,
  references,
  settled,
  volumesOf,
  type Uploader,
} from '../../../test/conversion-flow';
import { readCorpusFile } from '../../../test/corpus';
import { buildMember, buildTeam, buildUser } from '../../../test/factories';
import { sameVolume } from '../../../test/nifti-volume';
import { decodePng } from '../../../test/png-decode';
import { makeZip, type ZipEntry } from '../../../test/zip-writer';

/**
 * Archives sorted on the server, through the real endpoints: a zip of a Siemens MR study (4 series of
 * 2 mosaics), a zip of one JPEG 2000 file, and a `*nii.gz` NIfTI; then previews, .nii downloads and a
 * conversion of a series where its files are, on the server.
 */
let u: Uploader;
let session: string;
let sorted: SortOutcome;
const who = () => ({ token: u.owner.token, team: u.team.slug });
const anatomical = readCorpusFile('nifti/nibabel/anatomical.nii');

beforeAll(async () => {
  u = await newUploader();
  const siemens = await folderSeries('dcm_qa_nih');
  const entries: ZipEntry[] = siemens
    .filter((s) => s.id.startsWith('20180918Si/'))
    .flatMap((s) => s.files.map((f) => ({ name: `MR/${f.name}`, data: f.bytes })));
  const study = makeZip([...entries, { name: 'MR/README.txt', data: 'Siemens Skyra, four phase encodings' }]);
  const j2k = makeZip([{ name: 'ts/9.dcm', data: readCorpusFile('dicom/dcm_qa_ts/9.dcm') }]);
  session = await uploadArchives(u, [
    { name: 'siemens.zip', bytes: study },
    { name: 'j2k.zip', bytes: j2k },
    { name: 'brain_nii.gz', bytes: gzipSync(anatomical) },
  ]);
  sorted = await sortSession(u, session);
}, 300_000);
afterAll(async () => u.t.close());

const allSeries = () =>
  [...sorted.metadata.studies, ...sorted.metadata.nifties].flatMap((study) =>
    study.series.map((series) => ({ study, series })),
  );
const seriesWhere = (test: (s: ServerSeries) => boolean): { study: ServerStudy; series: ServerSeries } => {
  const found = allSeries().find(({ series }) => test(series));
  if (!found) throw new Error('series not found');
  return found;
};
const mosaicAp = () => seriesWhere((s) => s.files.some((f) => f.name === 'epi_pe_ap-00001.dcm'));

describe('sorting a session’s archives', () => {
  it('tells each archive and the end by socket, and answers the sorted status when asked again', async () => {
    expect(sorted.one.map((e) => [e.name, e.files, e.error])).toEqual([
      ['siemens.zip', 9, null],
      ['j2k.zip', 1, null],
      ['brain_nii.gz', 1, null],
    ]);
    expect(sorted.all).toEqual([{ session, status: 'sorted', studies: 2, nifties: 1 }]);
    const again = await u.t.call('POST', '/c-upload/sort-images/server', { ...who(), body: { session } });
    expect(again.body).toEqual({ status: 'sorted' });
  });

  it('groups the files as the manifest says, with upload ids, study keys and paths inside the archives', () => {
    const { metadata } = sorted;
    expect(metadata.status).toBe('sorted');
    const siemens = metadata.studies.find((s) => s.series.length === 4);
    expect(siemens?.series.map((s) => s.cnt)).toEqual([2, 2, 2, 2]);
    expect(siemens?.series.map((s) => s.seriesNumber).sort()).toEqual([3, 4, 5, 6]);
    for (const { study, series } of allSeries()) {
      expect(study.studyKey).toMatch(/^[a-f0-9]{16}$/);
      expect(series.uploadId).toMatch(/^[a-f0-9]{16}$/);
    }
    expect(new Set(allSeries().map(({ series }) => series.uploadId)).size).toBe(allSeries().length);
    expect(mosaicAp().series.files.map((f) => f.path)).toEqual([
      'siemens.zip/MR/20180918Si/mr_0003/epi_pe_ap-00001.dcm',
      'siemens.zip/MR/20180918Si/mr_0003/epi_pe_ap-00002.dcm',
    ]);
    expect(metadata.nifties.map((s) => s.series[0]?.files[0]?.path)).toEqual([
      'brain_nii.gz/brain_nii.gz.nii',
    ]);
    expect(metadata.skipped).toEqual([
      {
        path: 'siemens.zip/MR/README.txt',
        reason: unsupportedReason({ name: 'README.txt', size: 35 }),
      },
    ]);
  });
});

describe('previews', () => {
  it('renders a native DICOM slice as a PNG at preview size, with its slice count', async () => {
    const { series } = mosaicAp();
    const res = await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}?slice=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-slices')).toBe('2');
    const png = decodePng(res.bytes);
    const size = previewSize(series.columns ?? 0, series.rows ?? 0, series.pixelSpacing ?? undefined);
    expect([png.width, png.height]).toEqual([size.width, size.height]);
    expect(new Set(png.rgba.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(10);
    // Windowed as the page's preview worker renders it (same size here: square pixels, under 512).
    const decoded = decodeDicomFrame(
      readCorpusFile('dicom/dcm_qa_nih/20180918Si/mr_0003/epi_pe_ap-00002.dcm'),
      0,
    );
    if (!decoded.ok) throw new Error(decoded.error);
    const expected = renderRgba(decoded.frame, displayForDicom(decoded.header));
    expect(Buffer.from(png.rgba).equals(Buffer.from(expected))).toBe(true);
  });

  it('converts a JPEG 2000 series once with dcm2niix and slices the volume', async () => {
    const { series } = seriesWhere((s) => s.transferSyntaxUID === '1.2.840.10008.1.2.4.90');
    const url = `/c-upload/preview/${session}/${series.uploadId}`;
    const { converter } = u.t.app.deps;
    const convert = converter.convert.bind(converter);
    let conversions = 0;
    converter.convert = async (input, output) => {
      conversions += 1;
      return convert(input, output);
    };
    // Two at once share one conversion, and a later request uses the one kept.
    const [first, second] = await Promise.all([getBytes(u, `${url}?slice=17`), getBytes(u, url)]);
    expect((await getBytes(u, `${url}?slice=34`)).status).toBe(200);
    converter.convert = convert;
    expect(conversions).toBe(1);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-slices')).toBe('35');
      const png = decodePng(res.bytes);
      expect([png.width, png.height]).toEqual([64, 64]);
    }
    const middle = decodePng(first.bytes).rgba.filter((_, i) => i % 4 === 0);
    expect(new Set(middle).size).toBeGreaterThan(10);
  });

  it('renders a NIfTI slice in the file’s own range', async () => {
    const { series } = seriesWhere((s) => s.type === 'nii');
    const res = await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}?slice=5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-slices')).toBe(String(series.cnt));
    expect(new Set(decodePng(res.bytes).rgba.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(10);
  });

  it('answers 422 for a slice the series does not have, 404 for an unknown series', async () => {
    const { series } = mosaicAp();
    const beyond = await u.t.call('GET', `/c-upload/preview/${session}/${series.uploadId}?slice=2`, who());
    expect(beyond.status).toBe(422);
    expect(beyond.body).toMatchObject({ message: 'Invalid slice index', errors: { preview: ['no-image'] } });
    const unknown = await u.t.call('GET', `/c-upload/preview/${session}/0123456789abcdef`, who());
    expect(unknown.status).toBe(404);
  });
});

describe('create-nifti-from-serie', () => {
  it('answers the .nii dcm2niix makes of a DICOM series, the same as the reference', async () => {
    const { study, series } = seriesWhere((s) => s.transferSyntaxUID === '1.2.840.10008.1.2.4.90');
    const res = await getBytes(
      u,
      `/c-upload/create-nifti-from-serie/${session}/${study.studyKey}/${series.uploadId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const header = nifti.readHeader(res.bytes.buffer.slice(res.bytes.byteOffset) as ArrayBuffer);
    const reference = (await references('dcm_qa_ts')).find((r) => r.name === '9.nii');
    expect(header?.dims.slice(0, 4)).toEqual(reference?.dims);
  });

  it('answers a NIfTI series’ own file, inflated', async () => {
    const { study, series } = seriesWhere((s) => s.type === 'nii');
    const res = await getBytes(
      u,
      `/c-upload/create-nifti-from-serie/${session}/${study.studyKey}/${series.uploadId}`,
    );
    expect(res.status).toBe(200);
    expect(res.bytes.equals(Buffer.from(anatomical))).toBe(true);
  });

  it('answers 404 when the study key is not the series’ study', async () => {
    const { series } = mosaicAp();
    const other = seriesWhere((s) => s.type === 'nii').study.studyKey;
    const res = await u.t.call(
      'GET',
      `/c-upload/create-nifti-from-serie/${session}/${other}/${series.uploadId}`,
      who(),
    );
    expect(res.status).toBe(404);
  });
});

describe('conversion of a series on the server', () => {
  const storeStudy = async (series: ServerSeries) => {
    const stored = await u.t.call('POST', '/upload/studies?version=2', {
      ...who(),
      body: {
        study: {
          id: 'archive-study',
          patientName: 'Test',
          patientSex: null,
          studyDate: null,
          studyTime: null,
          modality: 'MR',
          pipelineCode: null,
          series: [
            {
              id: series.id,
              type: series.type,
              seriesNumber: series.seriesNumber,
              seriesDescription: series.seriesDescription,
              protocolName: series.protocolName,
              modalityCode: series.modalityCode,
              cnt: series.cnt,
              numberOfFrames: series.numberOfFrames,
              files: series.files.slice(0, 10).map((f) => f.name),
            },
          ],
        },
        studyInstanceUid: null,
        session_id: session,
        anonymize: false,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    return stored.body as { id: number; uuid: string; series: { id: number; uuid: string }[] };
  };
  const convertBody = (
    study: { id: number; uuid: string; series: { id: number; uuid: string }[] },
    files: string[],
  ) => ({
    studyClientId: 'archive-study',
    studyRemoteId: study.id,
    studyRemoteUuid: study.uuid,
    serieClientUploadId: 'mosaic',
    serieRemoteId: study.series[0]?.id,
    serieRemoteUuid: study.series[0]?.uuid,
    type: 'dcm',
    location: 'server',
    files,
    modalityCode: 'MR',
    anonymize: false,
    idx: 0,
  });

  it('refuses paths that are not files of the session’s archives (422), before touching the disk', async () => {
    const { series } = mosaicAp();
    const study = await storeStudy(series);
    for (const files of [['../files/siemens.zip'], ['siemens.zip/MR/nothing.dcm'], ['/etc/passwd']]) {
      const res = await u.t.call('POST', `/c-upload/convert/serie/${session}`, {
        ...who(),
        body: convertBody(study, files),
      });
      expect(res.status, files[0]).toBe(422);
    }
  });

  it(
    'converts the series from its inflated files to the reference volume',
    { timeout: 300_000 },
    async () => {
      const { series } = mosaicAp();
      const study = await storeStudy(series);
      const res = await u.t.call('POST', `/c-upload/convert/serie/${session}`, {
        ...who(),
        body: convertBody(
          study,
          series.files.map((f) => f.path),
        ),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      const volumes = await volumesOf(u, study.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);
    },
  );
});

describe('whose session', () => {
  it('answers 404 to another member of the team and to another team’s user', async () => {
    const colleague = await buildMember(u.t, u.team);
    const stranger = await buildUser(u.t);
    const strangersTeam = await buildTeam(u.t, stranger);
    const { series } = mosaicAp();
    for (const caller of [
      { token: colleague.token, team: u.team.slug },
      { token: stranger.token, team: strangersTeam.slug },
    ]) {
      const sort = await u.t.call('POST', '/c-upload/sort-images/server', { ...caller, body: { session } });
      const metadata = await u.t.call('GET', `/c-upload/uploaded-metadata/server?session=${session}`, caller);
      const preview = await u.t.call('GET', `/c-upload/preview/${session}/${series.uploadId}`, caller);
      expect([sort.status, metadata.status, preview.status]).toEqual([404, 404, 404]);
    }
    // Nor may a colleague store studies in the session or convert from it: a session is its owner's.
    const colleagueCall = { token: colleague.token, team: u.team.slug };
    const study = {
      id: '1',
      patientName: 'Anonymous',
      modality: 'MR',
      series: [{ id: '1/1', type: 'dcm', seriesNumber: 1, modalityCode: 'MR', cnt: 1, numberOfFrames: 1 }],
    };
    const stored = await u.t.call('POST', '/upload/studies?version=2', {
      ...colleagueCall,
      body: { study, studyInstanceUid: null, session_id: session, anonymize: true },
    });
    const converted = await u.t.call('POST', `/c-upload/convert/serie/${session}`, {
      ...colleagueCall,
      body: {
        studyClientId: '1',
        studyRemoteId: 1,
        studyRemoteUuid: session,
        serieClientUploadId: '1/1',
        serieRemoteId: 1,
        serieRemoteUuid: session,
        type: 'dcm',
        location: 'server',
        files: [series.files[0]?.path],
        modalityCode: 'MR',
        anonymize: true,
        idx: 0,
      },
    });
    expect([stored.status, converted.status]).toEqual([404, 404]);
  });

  it('answers status none and empty lists before a session is sorted', async () => {
    const fresh = await uploadArchives(u, []);
    const res = await u.t.call('GET', `/c-upload/uploaded-metadata/server?session=${fresh}`, who());
    expect(res.body).toEqual({
      status: 'none',
      error: null,
      archives: [],
      studies: [],
      nifties: [],
      skipped: [],
    });
  });
});
