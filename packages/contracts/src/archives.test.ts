import { describe, expect, it } from 'vitest';
import { serverStudyBody, type ServerSeries, type ServerStudy } from './archives';
import { KEPT_FILE_NAMES, UploadStudyBody } from './conversion';

// Only the fields the body reads; the rest of a sorted study does not reach it.
const series = (ref: boolean, files: number) =>
  ({
    type: 'dcm',
    seriesNumber: 3,
    seriesDescription: 'T1',
    protocolName: null,
    modalityCode: 'MR',
    acquisitionCode: '',
    score: 2,
    ...(ref ? { ref_serie: true } : {}),
    sort: 1,
    cnt: files,
    numberOfFrames: 1,
    rows: 256,
    columns: 256,
    files: Array.from({ length: files }, (_, i) => ({ name: `${i}.dcm`, size: 1, path: `a/${i}.dcm` })),
  }) as unknown as ServerSeries;

const study = {
  patientSex: 'F',
  studyDate: '20240101',
  studyTime: null,
  modality: 'MR',
  series: [series(true, 12), series(false, 1)],
} as unknown as ServerStudy;

describe('serverStudyBody', () => {
  it('gives neutral ids by place and the caller’s patient name, a body the page could send', () => {
    const body = serverStudyBody(study, 1, { patientName: 'P', keepRefSerie: true, keepFileNames: true });
    expect(UploadStudyBody.parse(body)).toEqual(body);
    expect(body.id).toBe('2');
    expect(body.patientName).toBe('P');
    expect(body.series.map((s) => s.id)).toEqual(['2/1', '2/2']);
    expect(body.series[0]?.acquisitionCode).toBeNull();
  });

  it('keeps the reference mark and the first file names only when asked', () => {
    const kept = serverStudyBody(study, 0, { patientName: 'P', keepRefSerie: true, keepFileNames: true });
    expect(kept.series.map((s) => s.ref_serie)).toEqual([true, false]);
    expect(kept.series[0]?.files).toHaveLength(KEPT_FILE_NAMES);
    expect(kept.series[1]?.files).toEqual(['0.dcm']);
    const bare = serverStudyBody(study, 0, { patientName: 'P', keepRefSerie: false, keepFileNames: false });
    expect(bare.series.map((s) => s.ref_serie)).toEqual([false, false]);
    expect(bare.series.map((s) => s.files)).toEqual([[], []]);
  });
});
