import * as areas from './areas';
import type { Endpoint } from './endpoint';

export * from './ai-prompts';
export * from './api-users';
export * from './dicomweb';
export * from './ae-title';
export * from './dimse';
export * from './ai-runtime';
export * from './accounts';
export * from './ai-workers';
export * from './ai-models';
export * from './annotator';
export * from './anonymise';
export * from './archives';
export * from './batch-upload';
export * from './audit';
export * from './cine';
export * from './commander';
export * from './common';
export * from './conversion';
export * from './dataset-exports';
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './file-size';
export * from './host';
export * from './inference';
export * from './jobs';
export * from './labels';
export * from './log-sessions';
export * from './needs-worker';
export * from './notifications';
export * from './organize';
export * from './permissions';
export * from './pipelines';
export * from './recognition';
export * from './redirect';
export * from './reference';
export * from './reviews';
export * from './segmentations';
export * from './slug';
export * from './socket';
export * from './structures';
export * from './studies';
export * from './study-code';
export * from './teams';
export * from './trainings';
export * from './transfer-functions';
export * from './upload';
export * from './xr';
export * from './platform-modules';

/** Every API endpoint, by area (`areas.ts`). Server routes, the web client and the OpenAPI document come from here. */
export const api = areas;

export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
}
