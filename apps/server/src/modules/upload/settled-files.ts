import type { ExpressionBuilder } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../platform/db/schema';
import { convertedDirKey, inflatedKey, metadataKey, storedFilesKey } from '../../platform/storage/layout';
import { CONVERTING_STATUSES } from '../conversion/policy';

/** Of upload sessions: none of the session's series converts (its files are no longer needed). */
export const noSeriesConverting = ({
  not,
  exists,
  selectFrom,
}: ExpressionBuilder<Database, 'upload_sessions'>) =>
  not(
    exists(
      selectFrom('series')
        .select('series.id')
        .whereRef('series.upload_id', '=', 'upload_sessions.id')
        .where('series.status', 'in', CONVERTING_STATUSES),
    ),
  );

/**
 * Queues the removal of the raw files of the upload sessions upload-finished has settled (decision
 * 0082): thousands of unlinks that its answer, the page's 'Upload finished!', does not wait for. The
 * queue holds the removal through a crash.
 */
export async function queueSettledFilesRemoval(
  deps: Pick<Deps, 'db' | 'queue'>,
  sessionIds: number[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  const sessions = await deps.db
    .selectFrom('upload_sessions')
    .select(['id', 'uuid'])
    .where('id', 'in', sessionIds)
    .execute();
  for (const session of sessions)
    await deps.queue.add(
      'remove-upload-files',
      { sessionId: session.id },
      `remove-upload-files-${session.uuid}`,
    );
}

/**
 * The `remove-upload-files` job: a session none of whose series converts any more loses its raw files
 * (the uploaded files, and what the server made of its archives: inflated files, metadata, conversions),
 * so nothing of the originals outlives the upload. Series still converting need their files: such a
 * session is left as it is (the conversion removes its own originals, the expiry the rest).
 */
export async function removeSettledFiles(
  deps: Pick<Deps, 'db' | 'storage'>,
  sessionId: number,
): Promise<void> {
  const session = await deps.db
    .selectFrom('upload_sessions')
    .select(['uuid', 'team_id'])
    .where('id', '=', sessionId)
    .where(noSeriesConverting)
    .executeTakeFirst();
  if (!session) return;
  for (const key of rawFileKeys(session.team_id, session.uuid)) await deps.storage.remove(key);
}

/** What an upload session keeps of the originals: its received files and what its archives gave. */
export const rawFileKeys = (teamId: number, session: string) => [
  storedFilesKey(teamId, session),
  inflatedKey(teamId, session),
  metadataKey(teamId, session),
  convertedDirKey(teamId, session),
];
