import type { UploadSeriesBody, UploadStudyBody } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import {
  conversionNotice,
  finalStudyStatus,
  referenceProblem,
  storedSeriesData,
  storedStudyData,
} from './policy';

const series = (over: Partial<UploadSeriesBody> = {}): UploadSeriesBody => ({
  id: '1.2.3',
  type: 'dcm',
  seriesNumber: 2,
  seriesDescription: 'T1 MPRAGE DOE',
  protocolName: 'head',
  modalityCode: 'MR',
  acquisitionCode: 'T1W',
  score: 1.1,
  ref_serie: false,
  sort: 0,
  cnt: 10,
  numberOfFrames: 1,
  rows: 64,
  columns: 64,
  files: ['DOE_JANE_001.dcm'],
  ...over,
});
const study: UploadStudyBody = {
  id: '1.2',
  patientName: 'ANON-0123456789',
  patientSex: 'F',
  studyDate: '20200101',
  studyTime: '101010',
  modality: 'MR',
  pipelineCode: null,
  series: [series()],
};

describe('what the server keeps of an upload', () => {
  it('keeps no dates, descriptions or file names of an anonymised study', () => {
    expect(storedStudyData(study, true, null)).toMatchObject({
      studyDate: null,
      studyTime: null,
      patientSex: 'F',
    });
    expect(storedSeriesData(series(), true)).toMatchObject({
      seriesDescription: null,
      protocolName: null,
      files: [],
    });
    expect(storedSeriesData(series(), false)).toMatchObject({
      seriesDescription: 'T1 MPRAGE DOE',
      files: ['DOE_JANE_001.dcm'],
    });
  });

  it('allows one reference per study', () => {
    expect(referenceProblem([series({ ref_serie: true }), series()])).toBeNull();
    expect(referenceProblem([series({ ref_serie: true }), series({ ref_serie: true })])).toMatch(
      /one series/,
    );
  });

  it('calls a study converted when one series is done, otherwise error', () => {
    expect(finalStudyStatus(['error', 'done', 'skipped'])).toBe('converted');
    expect(finalStudyStatus(['error', 'skipped'])).toBe('error');
    expect(finalStudyStatus([])).toBe('error');
  });
});

describe('conversionNotice', () => {
  it('counts the series sent for conversion, skipped ones aside', () => {
    expect(conversionNotice('S1', ['done', 'done', 'skipped'])).toEqual({
      typeCode: 'upload.conversion.done',
      description: 'Study S1: 2 of 2 series converted',
    });
    expect(conversionNotice('S1', ['done', 'error', 'error'])).toEqual({
      typeCode: 'upload.conversion.error',
      description: 'Study S1: 2 of 3 series failed to convert',
    });
  });
});
