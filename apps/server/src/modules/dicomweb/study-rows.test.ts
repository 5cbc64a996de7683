import { describe, expect, it } from 'vitest';
import { parseQido } from './qido-query';
import { studyFilters } from './study-rows';

const filters = (q: Record<string, string>) => {
  const result = parseQido(q);
  if (!result.ok) throw new Error(result.message);
  return result.query.filters;
};

describe('studyFilters', () => {
  it('lets study rows answer the study-level keys, wildcards and ranges included', () => {
    const f = filters({
      PatientName: 'D?E*',
      PatientID: 'P1',
      AccessionNumber: 'A*',
      StudyDescription: 'Chest',
      StudyDate: '20200101-',
      StudyInstanceUID: '1.2,1.3',
      ModalitiesInStudy: 'CT,MR',
    });
    expect(studyFilters(f)).toEqual(f);
    expect(studyFilters([])).toEqual([]);
  });

  it('leaves a key of series or instances to the instances', () => {
    expect(studyFilters(filters({ PatientName: 'DOE*', Modality: 'CT' }))).toBeNull();
    expect(studyFilters(filters({ SeriesInstanceUID: '1.2' }))).toBeNull();
    expect(studyFilters(filters({ SOPClassUID: '1.2' }))).toBeNull();
    expect(studyFilters(filters({ SeriesNumber: '3' }))).toBeNull();
  });
});
