import type { RecognitionResponse } from '@voxa/contracts';
import type { AcquisitionOption } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import type { PageSeries, PageStudy, UploadPageState } from './model';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState, series, study } from './test-fixtures';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);
const studyOf = (state: UploadPageState, id: string) => state.studies.find((s) => s.id === id) as PageStudy;
const seriesOf = (state: UploadPageState, id: string) =>
  state.studies.flatMap((s) => s.series).find((s) => s.id === id) as PageSeries;

const acquisitions: AcquisitionOption[] = [
  { code: 'NONE', modality: null },
  { code: 'NATIVE', modality: 'CT' },
  { code: 'AR', modality: 'CT' },
  { code: 'PV', modality: 'CT' },
  { code: 'T2W', modality: 'MR' },
];

/** One CT study '1.2.3' of series ct-1 and ct-2, recognising under prompt p-1. */
function recognising(): UploadPageState {
  const state = previewState([
    study({ series: [series({ id: 'ct-1' }), series({ id: 'ct-2', seriesNumber: 2, sort: 2 })] }),
  ]);
  return run(
    state,
    { type: 'recognitionRequested', studyIds: ['1.2.3'] },
    { type: 'recognitionStarted', prompts: [{ studyId: '1.2.3', llmRemoteId: 'p-1' }] },
  );
}

function answered(
  data: RecognitionResponse['data'],
  overrides: Partial<RecognitionResponse> = {},
): UploadAction {
  const response: RecognitionResponse = {
    studyId: '1.2.3',
    llmRemoteId: 'p-1',
    type: 'success',
    data,
    ...overrides,
  };
  return { type: 'recognitionAnswered', response, acquisitions };
}

describe('acquisition recognition', () => {
  it('marks the studies as recognising, with their prompt once the request is answered', () => {
    const state = recognising();
    expect(studyOf(state, '1.2.3')).toMatchObject({ acquisitionRecognizing: true, llmRemoteId: 'p-1' });
    const blocked = run(state, { type: 'seriesSelectionToggled', seriesId: 'ct-1' });
    expect(seriesOf(blocked, 'ct-1').isSelected).toBe(true);
  });

  it('fills the recognised acquisitions, marks completion, and moves the automatic reference', () => {
    const state = run(
      recognising(),
      answered([
        { id: 'ct-1', acquisitionCode: 'NATIVE', score: 0.9 },
        { id: 'ct-2', acquisitionCode: 'AR', score: 0.8 },
      ]),
    );
    expect(studyOf(state, '1.2.3')).toMatchObject({
      acquisitionRecognizing: false,
      acquisitionsRecognized: true,
    });
    expect(seriesOf(state, 'ct-1')).toMatchObject({ acquisitionCode: 'NATIVE', score: 0.9 });
    expect(seriesOf(state, 'ct-2')).toMatchObject({ acquisitionCode: 'AR', score: 0.8, ref_serie: true });
    expect(seriesOf(state, 'ct-1').ref_serie).toBeUndefined();
  });

  it('turns an acquisition the modality does not offer into NONE with score 0', () => {
    const state = run(recognising(), answered([{ id: 'ct-1', acquisitionCode: 'T2W', score: 0.9 }]));
    expect(seriesOf(state, 'ct-1')).toMatchObject({ acquisitionCode: 'NONE', score: 0 });
  });

  it('keeps an acquisition chosen by hand during recognition, and a reference chosen by hand', () => {
    const state = run(
      recognising(),
      { type: 'acquisitionChosen', seriesId: 'ct-1', code: 'PV' },
      { type: 'referenceToggled', seriesId: 'ct-1' },
      answered([
        { id: 'ct-1', acquisitionCode: 'NATIVE', score: 0.9 },
        { id: 'ct-2', acquisitionCode: 'AR', score: 0.8 },
      ]),
    );
    expect(seriesOf(state, 'ct-1')).toMatchObject({ acquisitionCode: 'PV', score: 1.1, ref_serie: true });
    expect(seriesOf(state, 'ct-2')).toMatchObject({ acquisitionCode: 'AR', score: 0.8 });
    expect(seriesOf(state, 'ct-2').ref_serie).toBeUndefined();
  });

  it('never lets a recognition score pass for a choice by hand', () => {
    const state = run(recognising(), answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 5 }]));
    expect(seriesOf(state, 'ct-1').score).toBe(1);
  });

  it('stops on an error answer without completion; the acquisitions stay', () => {
    const before = recognising();
    const state = run(before, answered([], { type: 'error', message: 'Acquisition recognition failed.' }));
    expect(studyOf(state, '1.2.3')).toMatchObject({
      acquisitionRecognizing: false,
      acquisitionsRecognized: false,
    });
    expect(state.studies[0]?.series).toEqual(before.studies[0]?.series);
  });

  it('takes an answer that arrives before the request is answered', () => {
    const state = run(
      previewState([study()]),
      { type: 'recognitionRequested', studyIds: ['1.2.3'] },
      answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 0.9 }]),
      { type: 'recognitionStarted', prompts: [{ studyId: '1.2.3', llmRemoteId: 'p-1' }] },
    );
    expect(studyOf(state, '1.2.3')).toMatchObject({ acquisitionsRecognized: true, llmRemoteId: 'p-1' });
    expect(seriesOf(state, 'ct-1').acquisitionCode).toBe('AR');
  });

  it('ignores an answer after Cancel, and an answer of another prompt', () => {
    const cancelled = run(recognising(), { type: 'recognitionCancelled', studyId: '1.2.3' });
    expect(studyOf(cancelled, '1.2.3').acquisitionRecognizing).toBe(false);
    const late = answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 0.9 }]);
    expect(run(cancelled, late)).toEqual(cancelled);
    const other = answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 0.9 }], { llmRemoteId: 'p-0' });
    expect(run(recognising(), other)).toEqual(recognising());
  });

  it('fails only the prompt that had no answer in time, or a request that failed', () => {
    expect(
      studyOf(
        run(recognising(), { type: 'recognitionFailed', studyId: '1.2.3', llmRemoteId: 'p-0' }),
        '1.2.3',
      ).acquisitionRecognizing,
    ).toBe(true);
    const failed = run(recognising(), { type: 'recognitionFailed', studyId: '1.2.3', llmRemoteId: 'p-1' });
    expect(studyOf(failed, '1.2.3')).toMatchObject({
      acquisitionRecognizing: false,
      acquisitionsRecognized: false,
    });
    const requestFailed = run(
      previewState([study()]),
      { type: 'recognitionRequested', studyIds: ['1.2.3'] },
      { type: 'recognitionFailed', studyId: '1.2.3', llmRemoteId: null },
    );
    expect(studyOf(requestFailed, '1.2.3').acquisitionRecognizing).toBe(false);
  });

  it('starts in preview only, and takes no answer after Process', () => {
    const read = run(previewState([study()]), { type: 'processed' });
    expect(run(read, { type: 'recognitionRequested', studyIds: ['1.2.3'] })).toEqual(read);
    const processed = run(recognising(), { type: 'processed' });
    const late = run(processed, answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 0.9 }]));
    expect(seriesOf(late, 'ct-1').acquisitionCode).toBe('NONE');
    expect(
      studyOf(run(processed, { type: 'recognitionCancelled', studyId: '1.2.3' }), '1.2.3')
        .acquisitionRecognizing,
    ).toBe(false);
  });

  it('drops the completion message of both studies of a move', () => {
    const state = run(
      previewState([
        study({ series: [series({ id: 'ct-1' })] }),
        study({ id: 'nifti:a.nii', studyInstanceUid: null, series: [series({ id: 'a.nii', type: 'nii' })] }),
      ]),
      { type: 'recognitionRequested', studyIds: ['1.2.3'] },
      answered([{ id: 'ct-1', acquisitionCode: 'AR', score: 0.9 }]),
      { type: 'moveStarted', seriesId: 'a.nii' },
      { type: 'movedHere', studyId: '1.2.3' },
    );
    expect(studyOf(state, '1.2.3').acquisitionsRecognized).toBe(false);
  });
});
