/**
 * The upload page's way of sending files, for benches: a session, then the files in queue batches one
 * after another, each batch through the web uploader's own `uploadFiles` (Node's fetch here).
 */
/* global fetch -- Node's own fetch (undici), the one the web uploader uses here */
import { queueBatches } from '@voxa/imaging';
import { openSession } from '../apps/web/src/modules/upload/transfer/transferClient.ts';
import { uploadFiles } from '../apps/web/src/modules/upload/transfer/uploader.ts';

/** The uploader's connection to a bench process answering `{url, token?, team?}`. */
export function connectionTo(target) {
  return {
    apiBase: `${target.url}/api`,
    headers: () => ({ ...(target.token && { Authorization: `Bearer ${target.token}`, Team: target.team }) }),
    fetch: (input, init) => fetch(input, init),
  };
}

/** Sends `files` (`{file: Blob, path, lastModified, seriesId}`) as the page does; throws if one failed. */
export async function sendAsThePage(connection, files, options = {}) {
  const session = await openSession(connection);
  for (const batch of queueBatches(files.map((file) => ({ file, size: file.file.size })))) {
    const result = await uploadFiles(
      batch.map((b) => b.file),
      { session, connection, ...options },
    );
    const failed = result.files.filter((f) => f.status !== 'done');
    if (failed.length) throw new Error(`${failed.length} files failed: ${failed[0].error}`);
  }
}
