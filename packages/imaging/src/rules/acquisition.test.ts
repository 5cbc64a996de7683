import { describe, expect, it } from 'vitest';
import {
  acceptRecognized,
  acquisitionOptions,
  chooseManually,
  defaultAcquisition,
  isChosenManually,
  missingAcquisitionsForPipeline,
  missingAcquisitionsMessage,
  pipelinesFor,
  selectedSeriesMissingAcquisition,
  SERIES_MISSING_ACQUISITION_MESSAGE,
  type AcquisitionOption,
  type Pipeline,
} from './acquisition';
import { makeSeries, makeStudy } from './test-fixtures';

const options: AcquisitionOption[] = [
  { code: 'AR', modality: 'CT' },
  { code: 'VEN', modality: 'CT' },
  { code: 'T2W', modality: 'MR' },
  { code: 'OTHER', modality: null },
];

describe('defaultAcquisition', () => {
  it('is AR for CT, T2W for MR and NONE otherwise', () => {
    expect(defaultAcquisition('CT')).toBe('AR');
    expect(defaultAcquisition('MR')).toBe('T2W');
    expect(defaultAcquisition('PT')).toBe('NONE');
  });
});

describe('acquisitionOptions', () => {
  it('offers those with no modality or the series modality', () => {
    expect(acquisitionOptions(options, 'MR').map((o) => o.code)).toEqual(['T2W', 'OTHER']);
    expect(acquisitionOptions(options, 'XA').map((o) => o.code)).toEqual(['OTHER']);
  });
});

describe('acceptRecognized', () => {
  it('keeps an offered code with its score', () => {
    expect(acceptRecognized('VEN', 'CT', options, 0.8)).toEqual({ acquisitionCode: 'VEN', score: 0.8 });
    expect(acceptRecognized('OTHER', 'MR', options, 0.4)).toEqual({ acquisitionCode: 'OTHER', score: 0.4 });
  });

  it('turns a code of another modality or an unknown code into NONE with score 0', () => {
    expect(acceptRecognized('T2W', 'CT', options, 0.9)).toEqual({ acquisitionCode: 'NONE', score: 0 });
    expect(acceptRecognized('XYZ', 'CT', options, 0.9)).toEqual({ acquisitionCode: 'NONE', score: 0 });
  });
});

describe('chooseManually', () => {
  it('scores 1.1', () => {
    expect(chooseManually('VEN')).toEqual({ acquisitionCode: 'VEN', score: 1.1 });
  });

  it('is told apart from any recognition score', () => {
    expect(isChosenManually(chooseManually('VEN'))).toBe(true);
    expect(isChosenManually({ score: 1 })).toBe(false);
  });
});

const pipelines: Pipeline[] = [
  { code: 'liver', name: 'Liver', modality_code: 'CT', acquisitions: [{ code: 'AR' }, { code: 'VEN' }] },
  { code: 'brain', name: 'Brain', modality_code: 'MR', acquisitions: [{ code: 'T2W' }] },
];

describe('pipelinesFor', () => {
  it('filters by the first series modality', () => {
    expect(pipelinesFor(pipelines, 'MR').map((p) => p.code)).toEqual(['brain']);
    expect(pipelinesFor(pipelines, undefined)).toEqual([]);
  });
});

describe('missingAcquisitionsForPipeline', () => {
  const [liver] = pipelines as [Pipeline];

  it('lists required codes no selected series has', () => {
    const study = makeStudy({
      series: [
        makeSeries({ id: 'a', acquisitionCode: 'AR' }),
        makeSeries({ id: 'b', acquisitionCode: 'VEN', isSelected: false }),
      ],
    });
    expect(missingAcquisitionsForPipeline(study, liver)).toEqual(['VEN']);
  });

  it('is empty when all are there', () => {
    const study = makeStudy({
      series: [
        makeSeries({ id: 'a', acquisitionCode: 'VEN' }),
        makeSeries({ id: 'b', acquisitionCode: 'AR' }),
      ],
    });
    expect(missingAcquisitionsForPipeline(study, liver)).toEqual([]);
  });

  it('builds the toast with codes joined by a comma and space', () => {
    const study = makeStudy({ id: '1.2.3', patientName: 'Doe^John' });
    expect(missingAcquisitionsMessage(study, ['AR', 'VEN'])).toBe(
      'Study 1.2.3 (Doe^John) is missing required acquisitions for pipeline: AR, VEN',
    );
  });
});

describe('selectedSeriesMissingAcquisition', () => {
  it('returns selected series with NONE or an empty code', () => {
    const study = makeStudy({
      series: [
        makeSeries({ id: 'none', acquisitionCode: 'NONE' }),
        makeSeries({ id: 'empty', acquisitionCode: '' }),
        makeSeries({ id: 'set', acquisitionCode: 'AR' }),
        makeSeries({ id: 'unselected', acquisitionCode: 'NONE', isSelected: false }),
      ],
    });
    expect(selectedSeriesMissingAcquisition([study], undefined)).toEqual(['none', 'empty']);
    expect(selectedSeriesMissingAcquisition([study], options)).toEqual(['none', 'empty']);
  });

  it('lets NONE stand for a modality that offers no acquisition (XA)', () => {
    const study = makeStudy({
      series: [
        makeSeries({ id: 'xa', modalityCode: 'XA', acquisitionCode: 'NONE' }),
        makeSeries({ id: 'xa-empty', modalityCode: 'XA', acquisitionCode: '' }),
      ],
    });
    // As the reference data: NONE fits every modality, the real codes are CT's, MR's and PT's.
    const reference = [{ code: 'NONE', modality: null }, ...options.filter((o) => o.modality !== null)];
    expect(selectedSeriesMissingAcquisition([study], reference)).toEqual(['xa-empty']);
    expect(selectedSeriesMissingAcquisition([study], undefined)).toEqual(['xa', 'xa-empty']);
  });

  it('has the spec message', () => {
    expect(SERIES_MISSING_ACQUISITION_MESSAGE).toBe(
      'Some selected series are missing the acquisition. Please select it manually.',
    );
  });
});
