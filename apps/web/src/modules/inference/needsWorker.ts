import type { ModelConfiguration } from '@voxa/contracts';

/** A model no online worker serves now needs one (decision 0094); a new or offline worker serves nothing. */
export const needsAWorker = (c: Pick<ModelConfiguration, 'workers'>): boolean =>
  !c.workers.some((w) => w.status === 'online');
