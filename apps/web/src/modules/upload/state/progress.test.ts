import { describe, expect, it } from 'vitest';
import type { UploadPageState } from './model';
import { uploadProgress } from './progress';
import { uploadReducer, type UploadAction } from './reducer';
import { previewState } from './test-fixtures';

const run = (state: UploadPageState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);

describe('upload progress', () => {
  it('counts series past uploading among those not skipped', () => {
    expect(uploadProgress(previewState().studies)).toEqual({ done: 0, total: 0 });
    const state = run(
      previewState(),
      { type: 'seriesSelectionToggled', seriesId: 'ct-2' },
      { type: 'processed' },
      { type: 'seriesStatusChanged', seriesId: 'ct-1', status: 'uploaded' },
    );
    expect(uploadProgress(state.studies)).toEqual({ done: 1, total: 2 });
  });
});
