import { describe, expect, it } from 'vitest';
import { initialUploadState, type UploadPageState } from './model';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState, series, study } from './test-fixtures';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);

describe('upload lifecycle', () => {
  it('takes the read studies in ready, with the automatic reference and no status', () => {
    const read = run(initialUploadState(), {
      type: 'studiesRead',
      studies: [study({ series: [series({ id: 'a', acquisitionCode: 'AR', score: 0.4 })] })],
    });
    expect(read.studies[0]).toMatchObject({ labels: [], pipelineCode: null, acquisitionRecognizing: false });
    expect(read.studies[0]?.series[0]).toMatchObject({ ref_serie: true, status: null });
  });

  it('ignores reads after ready, so edits made in preview stay', () => {
    const preview = previewState();
    expect(run(preview, { type: 'studiesRead', studies: [] })).toBe(preview);
  });

  it('moves on with Next only from ready with studies', () => {
    expect(run(initialUploadState(), { type: 'next' }).state).toBe('ready');
    expect(previewState().state).toBe('preview');
  });

  it('switches Anonymize all before the upload starts, not after', () => {
    expect(run(previewState(), { type: 'anonymizeAllChanged', anonymize: false }).anonymizeAll).toBe(false);
    const uploading = run(previewState(), { type: 'processed' });
    expect(run(uploading, { type: 'anonymizeAllChanged', anonymize: false }).anonymizeAll).toBe(true);
  });

  it('on Process marks selected series uploading and the others skipped', () => {
    const state = run(
      previewState(),
      { type: 'seriesSelectionToggled', seriesId: 'ct-2' },
      { type: 'moveStarted', seriesId: 'brain.nii' },
      { type: 'processed' },
    );
    expect(state.state).toBe('upload');
    expect(state.movingSeriesId).toBeNull();
    expect(state.studies.flatMap((s) => s.series.map((x) => [x.id, x.status]))).toEqual([
      ['ct-1', 'uploading'],
      ['ct-2', 'skipped'],
      ['brain.nii', 'uploading'],
    ]);
  });

  it('lets the transfer set series statuses and the states after upload', () => {
    const uploading = run(previewState(), { type: 'processed' });
    const status = run(uploading, { type: 'seriesStatusChanged', seriesId: 'ct-1', status: 'uploaded' });
    expect(status.studies[0]?.series[0]?.status).toBe('uploaded');
    const converting = run(status, { type: 'convertingStarted' });
    expect(converting.state).toBe('converting');
    expect(run(converting, { type: 'finished' }).state).toBe('finished');
    expect(run(previewState(), { type: 'seriesStatusChanged', seriesId: 'ct-1', status: 'done' })).toEqual(
      previewState(),
    );
  });

  it('clears finished back to an empty ready, and nothing else', () => {
    const finished = run(previewState(), { type: 'processed' }, { type: 'finished' });
    expect(run(finished, { type: 'cleared' })).toEqual(initialUploadState());
    const preview = previewState();
    expect(run(preview, { type: 'cleared' })).toBe(preview);
    expect(run(preview, { type: 'finished' })).toBe(preview);
    expect(run(preview, { type: 'convertingStarted' })).toBe(preview);
  });
});

describe('the stored study', () => {
  it('takes the name the server stored it under, while uploading only', () => {
    const uploading = run(previewState(), { type: 'processed' });
    const studyId = uploading.studies[0]?.id ?? '';
    const stored = run(uploading, { type: 'studyStored', studyId, patientName: 'ANON-0123456789' });
    expect(stored.studies[0]?.patientName).toBe('ANON-0123456789');
    expect(run(previewState(), { type: 'studyStored', studyId, patientName: 'x' })).toEqual(previewState());
  });
});
