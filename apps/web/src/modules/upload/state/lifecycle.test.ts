import { describe, expect, it } from 'vitest';
import { initialUploadState, type UploadPageState } from './model';
import { uploadReducer, type UploadAction } from './reducer';
import { uploadPlan } from './process';
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
    expect(run(initialUploadState(), { type: 'next', archives: false }).state).toBe('ready');
    expect(previewState().state).toBe('preview');
  });

  it('with archives goes through zip_uploading and zip_preview_processing to preview', () => {
    const local = study({ id: 'local', series: [series({ id: 'a' })] });
    const read = run(initialUploadState(), { type: 'studiesRead', studies: [local] });
    const zipping = run(read, { type: 'next', archives: true });
    expect(zipping.state).toBe('zip_uploading');
    const opened = run(zipping, { type: 'archiveSessionOpened', session: 's-1' });
    expect(opened.serverSession).toBe('s-1');
    const processing = run(opened, { type: 'archivesUploaded' });
    expect(processing.state).toBe('zip_preview_processing');
    const fromServer = study({ id: 'server', studyKey: 'k', series: [series({ id: 'b', uploadId: 'u' })] });
    const preview = run(processing, { type: 'serverStudiesRead', studies: [fromServer] });
    expect(preview.state).toBe('preview');
    expect(preview.studies.map((s) => s.id)).toEqual(['local', 'server']);
    expect(preview.studies[1]?.series[0]).toMatchObject({ uploadId: 'u', status: null });
  });

  it('goes on to preview with the dropped studies when the archives fail, even with none', () => {
    const zipping = run(initialUploadState(), { type: 'next', archives: true });
    expect(zipping.state).toBe('zip_uploading');
    expect(run(zipping, { type: 'archivesFailed' }).state).toBe('preview');
    expect(run(zipping, { type: 'serverStudiesRead', studies: [] })).toBe(zipping);
    expect(run(previewState(), { type: 'archivesFailed' })).toEqual(previewState());
  });

  it('hands the archives’ session to the plan, so their series convert where they are', () => {
    const zipping = run(initialUploadState(), { type: 'next', archives: true });
    const opened = run(zipping, { type: 'archiveSessionOpened', session: 's-1' });
    expect(uploadPlan(opened).session).toBe('s-1');
    expect(uploadPlan(previewState()).session).toBeNull();
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
    // A done series keeps dcm2niix's warnings and which dcm2niix converted it, shown together.
    const converter = { build: 'wasm', version: 'v1.0.20241231' } as const;
    const done = run(converting, {
      type: 'seriesStatusChanged',
      seriesId: 'ct-1',
      status: 'done',
      warnings: ['Warning: tilt'],
      converter,
    });
    expect(done.studies[0]?.series[0]).toMatchObject({ conversionWarnings: ['Warning: tilt'], converter });
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
  it('takes the name and the ids the server stored it under, while uploading only', () => {
    const uploading = run(previewState(), { type: 'processed' });
    const study = uploading.studies[0];
    const studyId = study?.id ?? '';
    const [first, second] = study?.series ?? [];
    const remote = {
      id: 7,
      uuid: '0b6a3c1e-8f1d-4d7e-9c59-2f6f5d0a1b11',
      studyUuid: '0b6a3c1e-8f1d-4d7e-9c59-2f6f5d0a1b11',
      studyInstanceUid: null,
      series: [{ id: 70, uuid: '7d0c2b4a-1e2f-4a3b-8c4d-5e6f7a8b9c0d', clientId: first?.id ?? '' }],
    };
    const action = { type: 'studyStored', studyId, patientName: 'ANON-0123456789', stored: remote } as const;
    const stored = run(uploading, action).studies[0];
    expect(stored?.patientName).toBe('ANON-0123456789');
    expect(stored?.dbAttributes).toEqual({ id: 7, uuid: remote.uuid });
    expect(stored?.series.find((s) => s.id === first?.id)?.dbAttributes).toEqual({
      id: 70,
      uuid: remote.series[0]?.uuid,
    });
    if (second) expect(stored?.series.find((s) => s.id === second.id)?.dbAttributes).toBeNull();
    expect(run(previewState(), action)).toEqual(previewState());
  });
});
