import { describe, expect, it } from 'vitest';
import { initialUploadState, studyCheckbox, type PageStudy, type UploadPageState } from './model';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState, series, study } from './test-fixtures';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);
const first = (state: UploadPageState) => state.studies[0] as PageStudy;
const studyId = '1.2.3';

describe('study edits', () => {
  it('edits the name: editing, Esc keeps it, Enter saves a change, restore brings the original back', () => {
    const editing = run(previewState(), { type: 'nameEditStarted', studyId });
    expect(first(editing).edit).toBe(true);
    expect(first(run(editing, { type: 'nameEditCancelled', studyId }))).toMatchObject({
      edit: false,
      patientName: 'Doe John',
    });
    const saved = run(editing, { type: 'nameSaved', studyId, name: ' Case 7 ' });
    expect(first(saved)).toMatchObject({ patientName: 'Case 7', dirty: true, anonymize: false, edit: false });
    const restored = run(saved, { type: 'nameRestored', studyId });
    expect(first(restored)).toMatchObject({ patientName: 'Doe John', dirty: false, anonymize: true });
  });

  it('treats an unchanged or empty name as no change', () => {
    const same = run(
      previewState(),
      { type: 'nameEditStarted', studyId },
      { type: 'nameSaved', studyId, name: 'Doe John' },
    );
    expect(first(same)).toMatchObject({ dirty: false, anonymize: true, edit: false });
    const empty = run(
      previewState(),
      { type: 'nameEditStarted', studyId },
      { type: 'nameSaved', studyId, name: '  ' },
    );
    expect(first(empty)).toMatchObject({ patientName: 'Doe John', edit: false });
  });

  it('sets anonymize anyway on one study', () => {
    const off = run(previewState(), { type: 'studyAnonymizeChanged', studyId, anonymize: false });
    expect(first(off).anonymize).toBe(false);
  });

  it('attaches a label once and detaches it', () => {
    const label = { id: 4, name: 'Liver', color: '#0043de' };
    const attached = run(
      previewState(),
      { type: 'labelAttached', studyId, label },
      { type: 'labelAttached', studyId, label },
    );
    expect(first(attached).labels).toEqual([label]);
    expect(first(run(attached, { type: 'labelDetached', studyId, labelId: 4 })).labels).toEqual([]);
  });

  it('sets and clears the pipeline', () => {
    const set = run(previewState(), { type: 'pipelineChanged', studyId, pipelineCode: 'liver' });
    expect(first(set).pipelineCode).toBe('liver');
    expect(first(run(set, { type: 'pipelineChanged', studyId, pipelineCode: null })).pipelineCode).toBeNull();
  });

  it('toggles study selection: some or none selects all selectable, all clears', () => {
    const state = previewState([
      study({
        series: [
          series({ id: 'a' }),
          series({ id: 'b', isSelected: false }),
          series({ id: 'bad', valid: false, isSelected: false }),
        ],
      }),
    ]);
    expect(studyCheckbox(first(state))).toBe('indeterminate');
    const all = run(state, { type: 'studySelectionToggled', studyId });
    expect(studyCheckbox(first(all))).toBe(true);
    expect(first(all).series.map((s) => s.isSelected)).toEqual([true, true, false]);
    const none = run(all, { type: 'studySelectionToggled', studyId });
    expect(first(none).series.map((s) => s.isSelected)).toEqual([false, false, false]);
    expect(studyCheckbox(first(none))).toBe(false);
  });

  it('blocks selection while the study is recognised', () => {
    const state = previewState();
    const recognizing = {
      ...state,
      studies: state.studies.map((s) => ({ ...s, acquisitionRecognizing: true })),
    };
    expect(
      first(run(recognizing, { type: 'studySelectionToggled', studyId })).series.every((s) => s.isSelected),
    ).toBe(true);
  });

  it('edits nothing outside preview', () => {
    const ready = run(initialUploadState(), { type: 'studiesRead', studies: [study()] });
    expect(run(ready, { type: 'nameEditStarted', studyId })).toBe(ready);
    const uploading = run(previewState(), { type: 'processed' });
    expect(run(uploading, { type: 'pipelineChanged', studyId, pipelineCode: 'x' })).toBe(uploading);
  });
});
