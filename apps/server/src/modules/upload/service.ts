import { randomUUID } from 'node:crypto';
import type { ChunkReceipt, UploadFileState } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import type { UploadSessionRow } from '../../platform/db/schema';
import { relativeKey, UnsafePathError, type StorageKey } from '../../platform/storage';
import { claimChunk, type ClaimedFile, type ClaimInput } from './claim-chunk';
import { completeFile } from './complete-file';
import { createKeyedLock, createRunningHashes } from './file-locks';
import { chunkRange, type Checked, type UploadLimits } from './policy';
import { recordChunk } from './record-chunk';
import { writeChunk } from './write-chunk';

export type UploadDeps = Pick<Deps, 'db' | 'storage' | 'realtime'>;

/** In-memory helpers of one server process: per-file locks and running hashes. */
export interface UploadRuntime {
  deps: UploadDeps;
  limits: UploadLimits;
  withFileLock: ReturnType<typeof createKeyedLock>;
  hashes: ReturnType<typeof createRunningHashes>;
}

export function createUploadRuntime(deps: UploadDeps, limits: UploadLimits): UploadRuntime {
  return { deps, limits, withFileLock: createKeyedLock(), hashes: createRunningHashes() };
}

export function orRefuse<T>(checked: Checked<T>): T {
  if (!checked.ok)
    throw new HttpError(checked.refusal.status, checked.refusal.message, checked.refusal.errors);
  return checked.value;
}

/** Opens a session for the caller in their team and tells their other tabs (upload:session:add). */
export async function prepareSession(
  rt: Pick<UploadRuntime, 'deps'>,
  ctx: TeamContext,
): Promise<{ session: string }> {
  const session = randomUUID();
  await rt.deps.db
    .insertInto('upload_sessions')
    .values({ uuid: session, team_id: ctx.team.id, user_id: ctx.user.id })
    .execute();
  rt.deps.realtime.toUser(ctx.user.id, 'upload:session:add', {
    team: ctx.team.slug,
    user: ctx.user.id,
    session,
  });
  return { session };
}

/**
 * The caller's own upload session in the request's team; any other answers 404, whoever holds it. Every
 * call naming a session (chunks, archives, studies, conversion) goes through here: a session is its
 * owner's alone.
 */
export async function findOwnSession(
  db: UploadDeps['db'],
  ctx: TeamContext,
  uuid: string,
): Promise<UploadSessionRow> {
  const session = await db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('team_id', '=', ctx.team.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!session) throw notFound('Upload session not found.');
  if (session.expired_at) throw new HttpError(410, SESSION_EXPIRED);
  await keepAlive(db, session);
  return session;
}

export const SESSION_EXPIRED =
  'This upload session has expired: its files were removed. Start the upload again.';

/** A call naming the session keeps it from expiring; written at most once a minute. */
async function keepAlive(db: UploadDeps['db'], session: UploadSessionRow): Promise<void> {
  if (Date.now() - session.touched_at.getTime() < 60_000) return;
  await db
    .updateTable('upload_sessions')
    .set({ touched_at: new Date() })
    .where('id', '=', session.id)
    .execute();
}

function nameKey(name: string): StorageKey {
  try {
    return relativeKey(name);
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    const message = `The file name is not a safe relative path: ${error.message}.`;
    throw unprocessable(message, { name: [message] });
  }
}

export interface ChunkInput extends ClaimInput {
  bytes: AsyncIterable<Uint8Array>;
}

/**
 * Stores one chunk in two round trips: the claim (session, file, state) before its bytes are read, and
 * the chunk's row after they are written (a chunk stored already is read and dropped). A file of one
 * chunk is in place under its name before that row, which completes it in the same statement; a larger
 * file is completed (flushed, renamed) once its last chunk has its row.
 */
export async function receiveChunk(
  rt: UploadRuntime,
  ctx: TeamContext,
  input: ChunkInput,
): Promise<ChunkReceipt> {
  const { header } = input;
  const name = nameKey(input.name);
  const session = input.sessionId;
  // Keyed by what the request names, so the claim is under the lock too.
  return rt.withFileLock(`${session}/${header.id}`, async () => {
    const { file, stored, received } = await claimChunk(rt, ctx, input);
    const receipt = (count: number, sha256: string | null): ChunkReceipt => ({
      file_id: header.id,
      index: header.index,
      duplicate: stored,
      received: count,
      complete: sha256 !== null,
      sha256,
    });
    if (stored) {
      for await (const _ of input.bytes); // drained: the copy stored first stays
      if (file.completed_at || received < file.chunk_count) return receipt(received, file.sha256);
      return receipt(received, await completeFile(rt, { teamId: ctx.team.id, session, file, name }));
    }
    const written = await writeChunk(rt, {
      teamId: ctx.team.id,
      session,
      file,
      name,
      header,
      bytes: input.bytes,
    });
    const row = { fileId: file.id, index: header.index, size: chunkRange(header).length };
    if (file.chunk_count === 1 && written.sha256) {
      const count = await recordChunk(rt.deps.db, {
        ...row,
        sha256: written.sha256,
        completeWith: written.sha256,
      });
      return receipt(count, written.sha256);
    }
    const count = await recordChunk(rt.deps.db, { ...row, sha256: written.sha256 });
    rt.hashes.advance(file.id, header.index);
    if (count < file.chunk_count) return receipt(count, null);
    return receipt(count, await completeFile(rt, { teamId: ctx.team.id, session, file, name }));
  });
}

/** Completes a file whose chunks are all stored (again after a crash between the rename and the row). */
async function completeIfWhole(
  rt: UploadRuntime,
  teamId: number,
  session: string,
  file: ClaimedFile,
  received: number,
  name: StorageKey,
): Promise<string | null> {
  const current = await rt.deps.db
    .selectFrom('upload_files')
    .select(['sha256', 'completed_at'])
    .where('id', '=', file.id)
    .executeTakeFirstOrThrow();
  if (current.completed_at) return current.sha256;
  if (received < file.chunk_count) return null;
  return completeFile(rt, { teamId, session, file, name });
}

/** What the server holds of the session's files (or of one): resumed uploads send only what is missing. */
export async function fileStates(
  rt: UploadRuntime,
  ctx: TeamContext,
  sessionId: string,
  fileId?: string,
): Promise<UploadFileState[]> {
  const session = await findOwnSession(rt.deps.db, ctx, sessionId);
  let filesQuery = rt.deps.db.selectFrom('upload_files').selectAll().where('session_id', '=', session.id);
  if (fileId) filesQuery = filesQuery.where('client_file_id', '=', fileId);
  const files = await filesQuery.orderBy('id').execute();
  let chunksQuery = rt.deps.db
    .selectFrom('upload_chunks')
    .innerJoin('upload_files', 'upload_files.id', 'upload_chunks.file_id')
    .select(['upload_chunks.file_id', 'upload_chunks.chunk_index'])
    .where('upload_files.session_id', '=', session.id);
  if (fileId) chunksQuery = chunksQuery.where('upload_files.client_file_id', '=', fileId);
  const chunks = await chunksQuery.orderBy('upload_chunks.chunk_index').execute();
  const receivedBy = new Map<number, number[]>();
  for (const c of chunks) {
    const list = receivedBy.get(c.file_id);
    if (list) list.push(c.chunk_index);
    else receivedBy.set(c.file_id, [c.chunk_index]);
  }

  const states: UploadFileState[] = [];
  for (const file of files) {
    const received = receivedBy.get(file.id) ?? [];
    let sha256 = file.completed_at ? file.sha256 : null;
    if (!file.completed_at && received.length === file.chunk_count)
      sha256 = await rt.withFileLock(`${session.uuid}/${file.client_file_id}`, () =>
        completeIfWhole(
          rt,
          ctx.team.id,
          session.uuid,
          { ...file, size: Number(file.size) },
          received.length,
          relativeKey(file.name),
        ),
      );
    states.push({
      file_id: file.client_file_id,
      name: file.name,
      size: Number(file.size),
      chunk_size: file.chunk_size,
      chunk_count: file.chunk_count,
      received,
      complete: sha256 !== null,
      sha256,
    });
  }
  return states;
}
