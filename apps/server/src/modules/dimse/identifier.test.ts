import { describe, expect, it } from 'vitest';
import { findRequest, textOf } from './find';
import { retrieveRequest } from './retrieve';

describe('textOf', () => {
  it('reads a PN by its alphabetic group, a list by backslashes, nothing as empty', () => {
    expect(textOf({ Alphabetic: 'DOE^JANE' })).toBe('DOE^JANE');
    expect(textOf([{ Alphabetic: 'DOE^JANE' }])).toBe('DOE^JANE');
    expect(textOf(['1.2', '1.3'])).toBe('1.2\\1.3');
    expect(textOf(undefined)).toBe('');
    expect(textOf(3)).toBe('3');
  });
});

describe('findRequest', () => {
  it('matches valued keys as QIDO-RS does and returns every key asked for', () => {
    const request = findRequest({
      QueryRetrieveLevel: 'STUDY',
      PatientName: 'DOE*',
      StudyInstanceUID: ['1.2', '1.3'],
      StudyDate: '20240101-',
      AccessionNumber: '',
    });
    if (!request.ok) throw new Error(request.message);
    expect(request.level).toBe('STUDY');
    expect(request.returnKeys).toEqual(['PatientName', 'StudyInstanceUID', 'StudyDate', 'AccessionNumber']);
    expect(request.query.filters).toEqual([
      { kind: 'like', column: 'patient_name', pattern: 'DOE%', caseInsensitive: true },
      { kind: 'uids', column: 'study_uid', values: ['1.2', '1.3'] },
      { kind: 'range', column: 'study_date', from: '20240101', to: null },
    ]);
  });

  it('refuses the PATIENT level, a key it cannot match, and a malformed value', () => {
    expect(findRequest({ QueryRetrieveLevel: 'PATIENT', PatientID: '' }).ok).toBe(false);
    expect(findRequest({ StudyInstanceUID: '' }).ok).toBe(false);
    expect(findRequest({ QueryRetrieveLevel: 'STUDY', InstitutionName: 'Hospital' }).ok).toBe(false);
    expect(findRequest({ QueryRetrieveLevel: 'STUDY', StudyDate: 'yesterday' }).ok).toBe(false);
  });
});

describe('retrieveRequest', () => {
  it('names studies, series of one study, or instances of one series by their unique keys', () => {
    expect(retrieveRequest({ QueryRetrieveLevel: 'STUDY', StudyInstanceUID: '1\\2' })).toEqual({
      ok: true,
      targets: [{ study: '1' }, { study: '2' }],
    });
    expect(
      retrieveRequest({ QueryRetrieveLevel: 'SERIES', StudyInstanceUID: '1', SeriesInstanceUID: ['5', '6'] }),
    ).toEqual({
      ok: true,
      targets: [
        { study: '1', series: '5' },
        { study: '1', series: '6' },
      ],
    });
    expect(
      retrieveRequest({
        QueryRetrieveLevel: 'IMAGE',
        StudyInstanceUID: '1',
        SeriesInstanceUID: '5',
        SOPInstanceUID: '9',
      }),
    ).toEqual({ ok: true, targets: [{ study: '1', series: '5', instance: '9' }] });
  });

  it('refuses an identifier without the keys of its level', () => {
    expect(retrieveRequest({ QueryRetrieveLevel: 'STUDY' }).ok).toBe(false);
    expect(retrieveRequest({ QueryRetrieveLevel: 'SERIES', SeriesInstanceUID: '5' }).ok).toBe(false);
    expect(retrieveRequest({ QueryRetrieveLevel: 'PATIENT', PatientID: 'X' }).ok).toBe(false);
  });
});
