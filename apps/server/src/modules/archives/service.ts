import type { ServerSeries, ServerSortStatus, ServerStudy, UploadedMetadata } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { UploadSessionRow } from '../../platform/db/schema';
import { findOwnSession } from '../upload/service';
import { findSeries, type SortedMetadata } from './metadata';
import { readMetadata } from './metadata-store';

export type ArchiveDeps = Pick<
  Deps,
  'db' | 'storage' | 'queue' | 'realtime' | 'converter' | 'log' | 'config'
>;

/**
 * Starts the sort of the caller's session (the `sort-session` job) unless one is under way or done: the
 * guarded UPDATE lets one of two requests at once claim it. A sort that ended in error may start again.
 */
export async function requestSort(
  deps: ArchiveDeps,
  ctx: TeamContext,
  uuid: string,
): Promise<{ status: ServerSortStatus }> {
  const session = await findOwnSession(deps.db, ctx, uuid);
  const claimed = await deps.db
    .updateTable('upload_sessions')
    .set((eb) => ({ sort_status: 'sorting', sort_attempt: eb('sort_attempt', '+', 1), sort_error: null }))
    .where('id', '=', session.id)
    .where('sort_status', 'in', ['none', 'error'])
    .returning('sort_attempt')
    .executeTakeFirst();
  if (!claimed) return { status: session.sort_status };
  // Named by the session's uuid and the attempt: unique across databases sharing one Redis.
  await deps.queue.add(
    'sort-session',
    { sessionId: session.id },
    `sort-session-${uuid}-${claimed.sort_attempt}`,
  );
  return { status: 'sorting' };
}

const EMPTY: Omit<SortedMetadata, 'archives'> = { studies: [], nifties: [], skipped: [] };

/** What the sort read from the caller's session: empty lists until it is sorted. */
export async function uploadedMetadata(
  deps: ArchiveDeps,
  ctx: TeamContext,
  uuid: string,
): Promise<UploadedMetadata> {
  const session = await findOwnSession(deps.db, ctx, uuid);
  const status = session.sort_status;
  if (status !== 'sorted') return { status, error: session.sort_error, archives: [], ...EMPTY };
  const metadata = await readMetadata(deps.storage, ctx.team.id, uuid, session.sort_attempt);
  if (!metadata)
    return { status, error: 'The upload is finished: its files are removed.', archives: [], ...EMPTY };
  return { status, error: null, ...metadata };
}

export interface SortedSeries {
  session: UploadSessionRow;
  study: ServerStudy;
  series: ServerSeries;
}

/** A series of the caller's sorted session by its uploadId; 404 for an unknown one. */
export async function sortedSeries(
  deps: ArchiveDeps,
  ctx: TeamContext,
  uuid: string,
  uploadId: string,
): Promise<SortedSeries> {
  const session = await findOwnSession(deps.db, ctx, uuid);
  if (session.sort_status !== 'sorted') throw notFound('Series not found.');
  const metadata = await readMetadata(deps.storage, ctx.team.id, uuid, session.sort_attempt);
  const found = metadata && findSeries(metadata, uploadId);
  if (!found) throw notFound('Series not found.');
  return { session, ...found };
}
