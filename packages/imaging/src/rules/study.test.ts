import { describe, expect, it } from 'vitest';
import {
  cancelEditName,
  niftiStudyDefaults,
  restoreName,
  saveName,
  setStudySelection,
  startEditName,
  studiesToUpload,
  studyModality,
  studySelection,
} from './study';
import { makeSeries, makeStudy } from './test-fixtures';

describe('studyModality', () => {
  it('takes the most frequent modality', () => {
    expect(studyModality(['MR', 'CT', 'MR'])).toBe('MR');
    expect(studyModality(['PT', 'PT', 'CT'])).toBe('PT');
  });

  it('resolves ties to CT, then MR, then alphabetically', () => {
    expect(studyModality(['MR', 'CT'])).toBe('CT');
    expect(studyModality(['PT', 'MR'])).toBe('MR');
    expect(studyModality(['XA', 'PT'])).toBe('PT');
  });

  it('defaults to CT when there is no modality', () => {
    expect(studyModality([])).toBe('CT');
    expect(studyModality(['', ''])).toBe('CT');
  });

  it('ignores empty modalities when counting', () => {
    expect(studyModality(['', '', 'MR'])).toBe('MR');
  });
});

describe('niftiStudyDefaults', () => {
  it('is CT for Unknown Patient without a series number', () => {
    expect(niftiStudyDefaults()).toEqual({
      modality: 'CT',
      patientName: 'Unknown Patient',
      seriesNumber: null,
    });
  });
});

describe('study name editing', () => {
  const study = makeStudy({ patientName: 'Anon', originalPatientName: 'Doe^John' });

  it('starts and cancels editing without touching the name', () => {
    const editing = startEditName(study);
    expect(editing.edit).toBe(true);
    expect(cancelEditName(editing)).toEqual({ ...study, edit: false });
  });

  it('saving a changed name marks it dirty and stops anonymising', () => {
    expect(saveName(startEditName(study), 'Case 7')).toMatchObject({
      patientName: 'Case 7',
      dirty: true,
      anonymize: false,
      edit: false,
    });
  });

  it('saving the same name only ends editing', () => {
    expect(saveName(startEditName(study), 'Anon')).toEqual({ ...study, edit: false });
  });

  it('restoring brings the original name back and anonymises again', () => {
    const changed = saveName(study, 'Case 7');
    expect(restoreName(changed)).toMatchObject({ patientName: 'Doe^John', dirty: false, anonymize: true });
  });

  it('does not change the input', () => {
    const copy = structuredClone(study);
    saveName(study, 'Case 7');
    restoreName(study);
    expect(study).toEqual(copy);
  });
});

describe('studySelection', () => {
  it('is true, indeterminate or false', () => {
    expect(studySelection([{ isSelected: true }, { isSelected: true }])).toBe(true);
    expect(studySelection([{ isSelected: true }, { isSelected: false }])).toBe('indeterminate');
    expect(studySelection([{ isSelected: false }])).toBe(false);
    expect(studySelection([])).toBe(false);
  });
});

describe('setStudySelection', () => {
  const study = makeStudy({
    series: [
      makeSeries({ id: 'a', isSelected: false }),
      makeSeries({ id: 'b', isSelected: false, valid: false }),
    ],
  });

  it('selects only the selectable series', () => {
    const next = setStudySelection(study, true, { uploadState: 'preview', recognizing: false });
    expect(next.series.map((s) => s.isSelected)).toEqual([true, false]);
    expect(study.series[0]?.isSelected).toBe(false);
  });

  it('changes nothing while recognising or outside preview', () => {
    expect(setStudySelection(study, true, { uploadState: 'preview', recognizing: true }).series).toEqual(
      study.series,
    );
    expect(setStudySelection(study, true, { uploadState: 'upload', recognizing: false }).series).toEqual(
      study.series,
    );
  });
});

describe('studiesToUpload', () => {
  it('leaves out studies with zero series', () => {
    const full = makeStudy({ id: 'full', series: [makeSeries()] });
    expect(studiesToUpload([makeStudy({ id: 'empty' }), full])).toEqual([full]);
  });
});
