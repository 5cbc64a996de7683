import { randomUUID } from 'node:crypto';
import type { ChunkReceipt, UploadFileState, UploadHeader } from '@voxa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import type { UploadFileRow, UploadSessionRow } from '../../platform/db/schema';
import { relativeKey, UnsafePathError, type StorageKey } from '../../platform/storage';
import { completeFile } from './complete-file';
import { writeChunk } from './write-chunk';
import { createKeyedLock, createRunningHashes } from './file-locks';
import { fitsSession, sameFile, type Checked, type UploadLimits } from './policy';

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
export async function prepareSession(rt: UploadRuntime, ctx: TeamContext): Promise<{ session: string }> {
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

/** The file a chunk belongs to: registered by its first chunk, which the later ones must agree with. */
async function fileFor(
  rt: UploadRuntime,
  session: UploadSessionRow,
  h: UploadHeader,
  name: string,
  preview: string | null,
): Promise<UploadFileRow> {
  const find = (db: UploadDeps['db']) =>
    db
      .selectFrom('upload_files')
      .selectAll()
      .where('session_id', '=', session.id)
      .where('client_file_id', '=', h.id)
      .executeTakeFirst();
  const check = (row: UploadFileRow) =>
    orRefuse(
      sameFile(
        { name: row.name, size: Number(row.size), chunkSize: row.chunk_size, chunkCount: row.chunk_count },
        h,
        name,
      ),
    );
  const existing = await find(rt.deps.db);
  if (existing) {
    check(existing);
    return existing;
  }
  // The session row is held while its total is summed, so concurrent new files cannot overrun the limit.
  return rt.deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('upload_sessions').select('id').where('id', '=', session.id).forUpdate().execute();
    const raced = await find(trx);
    if (raced) {
      check(raced);
      return raced;
    }
    const { total } = await trx
      .selectFrom('upload_files')
      .select(sql<string>`coalesce(sum(size), 0)`.as('total'))
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    orRefuse(fitsSession(Number(total), h.size, rt.limits));
    const clash = await trx
      .selectFrom('upload_files')
      .select('id')
      .where('session_id', '=', session.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (clash) throw new HttpError(409, 'Another file of this session has the same name.');
    return trx
      .insertInto('upload_files')
      .values({
        session_id: session.id,
        client_file_id: h.id,
        name,
        preview,
        size: h.size,
        chunk_size: h.chunk,
        chunk_count: h.count,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function receivedCount(rt: UploadRuntime, fileRowId: number): Promise<number> {
  const row = await rt.deps.db
    .selectFrom('upload_chunks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('file_id', '=', fileRowId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ChunkInput {
  header: UploadHeader;
  sessionId: string;
  name: string;
  preview: string | null;
  bytes: AsyncIterable<Uint8Array>;
}

/**
 * Stores one chunk. It is written in place in the file's partial copy unless already stored (then its
 * bytes are read and dropped); when it was the last missing one, the file is completed.
 */
export async function receiveChunk(
  rt: UploadRuntime,
  ctx: TeamContext,
  input: ChunkInput,
): Promise<ChunkReceipt> {
  const { header } = input;
  const name = nameKey(input.name);
  const session = await findOwnSession(rt.deps.db, ctx, input.sessionId);
  const file = await fileFor(rt, session, header, input.name, input.preview);
  return rt.withFileLock(file.id, async () => {
    const stored = await rt.deps.db
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('file_id', '=', file.id)
      .where('chunk_index', '=', header.index)
      .executeTakeFirst();
    if (stored)
      for await (const _ of input.bytes); // drained: the copy stored first stays
    else
      await writeChunk(rt, { teamId: ctx.team.id, session: session.uuid, file, header, bytes: input.bytes });
    const received = await receivedCount(rt, file.id);
    const sha256 = await completeIfWhole(rt, ctx.team.id, session.uuid, file, received, name);
    return {
      file_id: header.id,
      index: header.index,
      duplicate: Boolean(stored),
      received,
      complete: sha256 !== null,
      sha256,
    };
  });
}

/** Completes a file whose chunks are all stored (again after a crash between the rename and the row). */
async function completeIfWhole(
  rt: UploadRuntime,
  teamId: number,
  session: string,
  file: UploadFileRow,
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
      sha256 = await rt.withFileLock(file.id, () =>
        completeIfWhole(rt, ctx.team.id, session.uuid, file, received.length, relativeKey(file.name)),
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
