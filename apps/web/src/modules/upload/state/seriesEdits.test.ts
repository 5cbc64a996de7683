import { describe, expect, it } from 'vitest';
import type { PageSeries, UploadPageState } from './model';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState, series, study } from './test-fixtures';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);
const seriesOf = (state: UploadPageState, id: string) =>
  state.studies.flatMap((s) => s.series).find((s) => s.id === id) as PageSeries;

describe('series edits', () => {
  it('toggles a valid series and leaves an invalid one', () => {
    const state = previewState([
      study({ series: [series({ id: 'a' }), series({ id: 'bad', valid: false, isSelected: false })] }),
    ]);
    expect(seriesOf(run(state, { type: 'seriesSelectionToggled', seriesId: 'a' }), 'a').isSelected).toBe(
      false,
    );
    expect(run(state, { type: 'seriesSelectionToggled', seriesId: 'bad' })).toEqual(state);
  });

  it('sets or empties a DICOM series number; a NIfTI series keeps none', () => {
    const emptied = run(previewState(), {
      type: 'seriesNumberChanged',
      seriesId: 'ct-1',
      seriesNumber: null,
    });
    expect(seriesOf(emptied, 'ct-1').seriesNumber).toBeNull();
    expect(
      seriesOf(run(emptied, { type: 'seriesNumberChanged', seriesId: 'ct-1', seriesNumber: 12 }), 'ct-1')
        .seriesNumber,
    ).toBe(12);
    const nifti = run(previewState(), {
      type: 'seriesNumberChanged',
      seriesId: 'brain.nii',
      seriesNumber: 3,
    });
    expect(seriesOf(nifti, 'brain.nii').seriesNumber).toBeNull();
  });

  it('scores a chosen acquisition 1.1 and moves the automatic reference to it', () => {
    const state = run(previewState(), { type: 'acquisitionChosen', seriesId: 'ct-2', code: 'AR' });
    expect(seriesOf(state, 'ct-2')).toMatchObject({ acquisitionCode: 'AR', score: 1.1, ref_serie: true });
  });

  it('keeps a reference chosen by hand when acquisitions change', () => {
    const state = run(
      previewState(),
      { type: 'referenceToggled', seriesId: 'ct-1' },
      { type: 'acquisitionChosen', seriesId: 'ct-2', code: 'AR' },
    );
    expect(seriesOf(state, 'ct-1').ref_serie).toBe(true);
    expect(seriesOf(state, 'ct-2').ref_serie).toBeUndefined();
  });

  it('keeps one reference per study; clicking the current one clears it', () => {
    const one = run(
      previewState(),
      { type: 'referenceToggled', seriesId: 'ct-1' },
      { type: 'referenceToggled', seriesId: 'ct-2' },
    );
    expect([seriesOf(one, 'ct-1').ref_serie, seriesOf(one, 'ct-2').ref_serie]).toEqual([undefined, true]);
    const none = run(one, { type: 'referenceToggled', seriesId: 'ct-2' });
    expect(seriesOf(none, 'ct-2').ref_serie).toBeUndefined();
  });

  it('changes the modality of a NIfTI series only, with that modality default acquisition', () => {
    const mr = run(previewState(), { type: 'modalityChosen', seriesId: 'brain.nii', modality: 'MR' });
    expect(seriesOf(mr, 'brain.nii')).toMatchObject({ modalityCode: 'MR', acquisitionCode: 'T2W', score: 0 });
    expect(mr.studies[1]?.modality).toBe('MR');
    expect(run(previewState(), { type: 'modalityChosen', seriesId: 'ct-1', modality: 'MR' })).toEqual(
      previewState(),
    );
  });

  it('moves a NIfTI series: Move, Cancel move, Move here', () => {
    expect(run(previewState(), { type: 'moveStarted', seriesId: 'ct-1' }).movingSeriesId).toBeNull();
    const moving = run(previewState(), { type: 'moveStarted', seriesId: 'brain.nii' });
    expect(moving.movingSeriesId).toBe('brain.nii');
    expect(run(moving, { type: 'moveCancelled' }).movingSeriesId).toBeNull();
    // Its own study is no target.
    expect(run(moving, { type: 'movedHere', studyId: 'nifti:brain.nii' }).studies).toEqual(moving.studies);

    const withChoice = run(
      moving,
      { type: 'acquisitionChosen', seriesId: 'ct-1', code: 'AR' },
      { type: 'referenceToggled', seriesId: 'ct-1' },
    );
    const moved = run(withChoice, { type: 'movedHere', studyId: '1.2.3' });
    expect(moved.movingSeriesId).toBeNull();
    expect(moved.studies[0]?.series.map((s) => [s.id, s.acquisitionCode, s.ref_serie])).toEqual([
      ['ct-1', 'NONE', undefined],
      ['ct-2', 'NONE', undefined],
      ['brain.nii', 'NONE', undefined],
    ]);
    expect(moved.studies[0]).toMatchObject({ acquisitionRecognizing: false, referenceChosen: false });
    expect(moved.studies[1]?.series).toEqual([]);
  });
});
