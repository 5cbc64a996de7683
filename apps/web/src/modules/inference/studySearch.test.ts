import { describe, expect, it } from 'vitest';
import { filterStudies, studyName } from './studySearch';

const study = (patientName: string, code: string) => ({
  data: { patientName, modality: null },
  study_id: code,
});

describe('filterStudies', () => {
  const studies = [study('Anon 0001', 'XK2P'), study('', 'QQ7Z'), study('Liver case', 'AB12')];
  it('finds studies by name or code, case-insensitively', () => {
    expect(filterStudies(studies, 'anon').map(studyName)).toEqual(['Anon 0001']);
    expect(filterStudies(studies, 'qq7').map((s) => s.study_id)).toEqual(['QQ7Z']);
  });
  it('keeps all for an empty search', () => {
    expect(filterStudies(studies, '  ')).toHaveLength(3);
  });
  it('names a study without a patient name by its code', () => {
    expect(studyName(study('', 'QQ7Z'))).toBe('QQ7Z');
  });
});
