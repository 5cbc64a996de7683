import { describe, expect, it } from 'vitest';
import type { UploadPageState } from './model';
import { processErrors, uploadPlan } from './process';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState } from './test-fixtures';
import { warnsOnLeave } from './leave';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);
const pipelines = [
  { code: 'liver', name: 'Liver', modality_code: 'CT', acquisitions: [{ code: 'AR' }, { code: 'PV' }] },
];
const withAcquisitions = (state: UploadPageState) =>
  run(
    state,
    { type: 'acquisitionChosen', seriesId: 'ct-1', code: 'AR' },
    { type: 'acquisitionChosen', seriesId: 'ct-2', code: 'AR' },
  );

describe('Process validations', () => {
  it('needs a number on every selected DICOM series', () => {
    const state = withAcquisitions(
      run(previewState(), { type: 'seriesNumberChanged', seriesId: 'ct-1', seriesNumber: null }),
    );
    expect(processErrors(state.studies, [], undefined)).toEqual(['Serie number is required']);
    expect(
      processErrors(run(state, { type: 'seriesSelectionToggled', seriesId: 'ct-1' }).studies, [], undefined),
    ).toEqual([]);
  });

  it('needs an acquisition on every selected series', () => {
    expect(processErrors(previewState().studies, [], undefined)).toEqual([
      'Some selected series are missing the acquisition. Please select it manually.',
    ]);
    expect(processErrors(withAcquisitions(previewState()).studies, [], undefined)).toEqual([]);
  });

  it("needs the pipeline's acquisitions in the study", () => {
    const state = run(withAcquisitions(previewState()), {
      type: 'pipelineChanged',
      studyId: '1.2.3',
      pipelineCode: 'liver',
    });
    expect(processErrors(state.studies, pipelines, undefined)).toEqual([
      'Study 1.2.3 (Doe John) is missing required acquisitions for pipeline: PV',
    ]);
    const fixed = run(state, { type: 'acquisitionChosen', seriesId: 'ct-2', code: 'PV' });
    expect(processErrors(fixed.studies, pipelines, undefined)).toEqual([]);
  });
});

describe('upload plan', () => {
  it('takes selected series of studies that have some, anonymised by Anonymize all and the study', () => {
    const state = run(
      previewState(),
      { type: 'seriesSelectionToggled', seriesId: 'ct-2' },
      { type: 'nameEditStarted', studyId: '1.2.3' },
      { type: 'nameSaved', studyId: '1.2.3', name: 'Case 7' },
      { type: 'seriesSelectionToggled', seriesId: 'brain.nii' },
    );
    const plan = uploadPlan(state);
    expect(plan.studies.map((p) => [p.study.id, p.anonymize, p.series.map((s) => s.id)])).toEqual([
      ['1.2.3', false, ['ct-1']],
    ]);
    expect(uploadPlan({ ...previewState(), anonymizeAll: false }).studies.every((p) => !p.anonymize)).toBe(
      true,
    );
  });

  it('leaves out studies with zero series', () => {
    const moved = run(
      previewState(),
      { type: 'moveStarted', seriesId: 'brain.nii' },
      { type: 'movedHere', studyId: '1.2.3' },
    );
    expect(uploadPlan(moved).studies.map((p) => p.study.id)).toEqual(['1.2.3']);
  });
});

describe('leaving', () => {
  it('warns on leaving unless ready or finished', () => {
    expect(
      ['ready', 'preview', 'upload', 'converting', 'finished'].map((s) => warnsOnLeave(s as never)),
    ).toEqual([false, true, true, true, false]);
  });
});
