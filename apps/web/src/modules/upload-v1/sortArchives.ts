import * as api from '@voxa/contracts/areas';
import { BATCH_UPLOAD, type AfterUploadResult } from '@voxa/contracts';
import { ApiRequestError, call } from '../../lib/api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * after-upload: the server inflates and reads the session's archives; `?check=1` is asked every 5 s until
 * the sort ends. Polling stops after repeated failures (section 8): the archives then count as failed.
 */
export async function sortArchives(session: string): Promise<AfterUploadResult | null> {
  await call(api.batchUpload.afterUpload, { params: { session }, query: {} });
  let failures = 0;
  for (;;) {
    await sleep(BATCH_UPLOAD.afterUploadPollMs);
    try {
      const checked = await call(api.batchUpload.afterUpload, { params: { session }, query: { check: '1' } });
      failures = 0;
      if (checked.status !== 'sorting') return checked;
    } catch (error) {
      if (!(error instanceof ApiRequestError) && !(error instanceof TypeError)) throw error;
      failures += 1;
      if (failures >= BATCH_UPLOAD.afterUploadFailures) return null;
    }
  }
}
