import type { V2UploadState } from '@voxa/imaging';

export const LEAVE_UPLOAD_MESSAGE = 'You are about to close upload in progress. Are you sure?';

/** Leaving is free before anything is chosen and once all is over (section 4; 'done' is V1's end state). */
export function warnsOnLeave(state: V2UploadState): boolean {
  return state !== 'ready' && state !== 'finished';
}
