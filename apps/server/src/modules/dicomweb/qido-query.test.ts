import { describe, expect, it } from 'vitest';
import { likePattern, parseQido } from './qido-query';

const parsed = (q: Record<string, string | string[]>) => {
  const result = parseQido(q);
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe('parseQido', () => {
  it('matches a person name with wildcards, case-insensitively, by keyword or tag', () => {
    expect(parsed({ PatientName: 'DOE^J*' }).query.filters).toEqual([
      { kind: 'like', column: 'patient_name', pattern: 'DOE^J%', caseInsensitive: true },
    ]);
    expect(parsed({ '00100010': 'Doe' }).query.filters).toEqual([
      { kind: 'equals', column: 'patient_name', value: 'Doe', caseInsensitive: true },
    ]);
  });

  it('reads date ranges, open on either side, and refuses a malformed one', () => {
    expect(parsed({ StudyDate: '20200101-20201231' }).query.filters[0]).toEqual({
      kind: 'range',
      column: 'study_date',
      from: '20200101',
      to: '20201231',
    });
    expect(parsed({ StudyDate: '-20201231' }).query.filters[0]).toMatchObject({ from: null, to: '20201231' });
    expect(parsed({ StudyDate: '20200101' }).query.filters[0]).toMatchObject({
      from: '20200101',
      to: '20200101',
    });
    expect(parseQido({ StudyDate: '2020-01-01' }).ok).toBe(false);
  });

  it('takes UID lists comma-separated or repeated, and modalities in study', () => {
    expect(parsed({ StudyInstanceUID: ['1.2,1.3', '1.4'] }).query.filters).toEqual([
      { kind: 'uids', column: 'study_uid', values: ['1.2', '1.3', '1.4'] },
    ]);
    expect(parsed({ ModalitiesInStudy: 'CT,MR' }).query.filters).toEqual([
      { kind: 'modalities', values: ['CT', 'MR'] },
    ]);
  });

  it('pages with limit and offset (limit capped) and refuses negative ones', () => {
    expect(parsed({ limit: '5', offset: '10' }).query).toMatchObject({ limit: 5, offset: 10 });
    expect(parsed({ limit: '100000' }).query.limit).toBe(1000);
    expect(parseQido({ limit: '-1' }).ok).toBe(false);
    expect(parseQido({ offset: 'x' }).ok).toBe(false);
  });

  it('reads includefield; universal matching (empty or *) filters nothing and answers the key', () => {
    const r = parsed({ includefield: 'all,00081030', PatientID: '*', StudyInstanceUID: '', PatientSex: '' });
    expect(r.query).toMatchObject({
      includeAll: true,
      includeFields: ['00081030', '00100020', '0020000D', '00100040'],
      filters: [],
    });
    expect(parsed({ ModalitiesInStudy: '' }).query.filters).toEqual([]);
  });

  it('matches a kept attribute no column holds from the stored attributes, by keyword or tag', () => {
    expect(parsed({ PatientBirthDate: '19700101-' }).query.filters).toEqual([
      { kind: 'range', column: 'attr:00100030', from: '19700101', to: null },
    ]);
    expect(parsed({ '00100040': 'F' }).query.filters).toEqual([
      { kind: 'equals', column: 'attr:00100040', value: 'F', caseInsensitive: false },
    ]);
    expect(parsed({ ReferringPhysicianName: 'smith*' }).query.filters).toEqual([
      { kind: 'like', column: 'attr:00080090', pattern: 'smith%', caseInsensitive: true },
    ]);
    expect(parsed({ Rows: '512' }).query.filters).toEqual([
      { kind: 'equals', column: 'attr:00280010', value: '512', caseInsensitive: false },
    ]);
    expect(parsed({ StudyTime: '0800-1200' }).query.filters).toEqual([
      { kind: 'range', column: 'attr:00080030', from: '0800', to: '1200' },
    ]);
  });

  it('refuses a key it keeps no value of, an unknown keyword and a malformed value, never ignoring one', () => {
    expect(parseQido({ '00181030': 'x' })).toEqual({
      ok: false,
      message: 'Not matched: 00181030 is not an attribute this server keeps.',
    });
    expect(parseQido({ NoSuchKeyword: 'x' }).ok).toBe(false);
    expect(parseQido({ SeriesNumber: 'two' }).ok).toBe(false);
    expect(parseQido({ SeriesNumber: '0x2' }).ok).toBe(false);
    expect(parseQido({ StudyTime: '8am' }).ok).toBe(false);
  });
});

describe('likePattern', () => {
  it("escapes LIKE's own characters before turning wildcards into LIKE's", () => {
    expect(likePattern('50%_a*b?\\')).toBe('50\\%\\_a%b_\\\\');
  });
});
