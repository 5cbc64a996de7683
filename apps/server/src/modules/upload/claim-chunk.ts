import type { UploadHeader } from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { fitsSession, sameFile } from './policy';
import { SESSION_EXPIRED, orRefuse, type UploadDeps, type UploadRuntime } from './service';

/** The file row a chunk belongs to, as the receiving path needs it. */
export interface ClaimedFile {
  id: number;
  name: string;
  size: number;
  chunk_count: number;
  sha256: string | null;
  completed_at: Date | null;
}

export interface ClaimedChunk {
  file: ClaimedFile;
  /** The chunk already has its row: its bytes are to be dropped. */
  stored: boolean;
  /** Chunks of the file with a row. */
  received: number;
}

interface ClaimRow {
  session_row: number;
  expired: boolean;
  declared_bytes: string | number;
  reserved: boolean;
  id: number | null;
  name: string | null;
  size: string | number | null;
  chunk_size: number | null;
  chunk_count: number | null;
  sha256: string | null;
  completed_at: Date | null;
  stored: boolean;
  received: string | number;
}

export interface ClaimInput {
  header: UploadHeader;
  sessionId: string;
  name: string;
  preview: string | null;
}

/**
 * One statement for what a chunk needs before its bytes are read: the caller's own live session (else
 * 404/410), kept alive; its file registered by a first chunk, its declared size reserved in the session's
 * total under UPLOAD_MAX_SESSION_BYTES (the session row's update serialises concurrent new files); whether
 * the chunk is stored already and how many are. The session row is written only for a new file or when
 * last touched over a minute ago.
 */
async function claimStatement(db: UploadDeps['db'], ctx: TeamContext, input: ClaimInput, maxBytes: number) {
  const { header: h } = input;
  const result = await sql<ClaimRow>`
    WITH s AS (
      SELECT id, expired_at, declared_bytes FROM upload_sessions
      WHERE uuid = ${input.sessionId} AND team_id = ${ctx.team.id} AND user_id = ${ctx.user.id}
    ),
    f AS (
      SELECT upload_files.* FROM upload_files, s
      WHERE upload_files.session_id = s.id AND upload_files.client_file_id = ${h.id}
    ),
    touched AS (
      UPDATE upload_sessions u SET
        declared_bytes = u.declared_bytes + CASE WHEN EXISTS (SELECT 1 FROM f) THEN 0 ELSE ${h.size} END,
        touched_at = now()
      FROM s
      WHERE u.id = s.id AND u.expired_at IS NULL AND CASE
        WHEN EXISTS (SELECT 1 FROM f) THEN u.touched_at < now() - interval '1 minute'
        ELSE u.declared_bytes + ${h.size} <= ${maxBytes} END
      RETURNING u.id
    ),
    added AS (
      INSERT INTO upload_files (session_id, client_file_id, name, preview, size, chunk_size, chunk_count)
      SELECT s.id, ${h.id}, ${input.name}, ${input.preview}, ${h.size}, ${h.chunk}, ${h.count} FROM s
      WHERE NOT EXISTS (SELECT 1 FROM f) AND EXISTS (SELECT 1 FROM touched)
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    file AS (SELECT * FROM f UNION ALL SELECT * FROM added)
    SELECT s.id AS session_row, s.expired_at IS NOT NULL AS expired, s.declared_bytes,
      NOT EXISTS (SELECT 1 FROM f) AND EXISTS (SELECT 1 FROM touched) AS reserved,
      file.id, file.name, file.size, file.chunk_size, file.chunk_count, file.sha256, file.completed_at,
      EXISTS (SELECT 1 FROM upload_chunks c WHERE c.file_id = file.id AND c.chunk_index = ${h.index})
        AS stored,
      (SELECT count(*) FROM upload_chunks c WHERE c.file_id = file.id) AS received
    FROM s LEFT JOIN file ON true
  `.execute(db);
  return result.rows[0];
}

/**
 * Registers the chunk's file (or finds it) in one round trip; refuses with 404 (not the caller's
 * session), 410 (expired), 413 (over the session limit) or 409 (the file id or the name taken otherwise).
 */
export async function claimChunk(
  rt: UploadRuntime,
  ctx: TeamContext,
  input: ClaimInput,
): Promise<ClaimedChunk> {
  const { db } = rt.deps;
  const { header } = input;
  const row = await claimStatement(db, ctx, input, rt.limits.maxSessionBytes);
  if (!row) throw notFound('Upload session not found.');
  if (row.expired) throw new HttpError(410, SESSION_EXPIRED);
  if (row.id === null || row.name === null || row.chunk_count === null || row.chunk_size === null) {
    if (!row.reserved) {
      orRefuse(fitsSession(Number(row.declared_bytes), header.size, rt.limits));
      // It fitted when read but not when reserved (another file came first, or the session expired).
      return claimChunk(rt, ctx, input);
    }
    // Reserved, then the insert met a file of the same id (sent at once) or of the same name: give the
    // bytes back, then use the other file or refuse the name.
    await db
      .updateTable('upload_sessions')
      .set({ declared_bytes: sql`declared_bytes - ${header.size}` })
      .where('id', '=', row.session_row)
      .execute();
    const same = await db
      .selectFrom('upload_files')
      .select('id')
      .where('session_id', '=', row.session_row)
      .where('client_file_id', '=', header.id)
      .executeTakeFirst();
    if (!same) throw new HttpError(409, 'Another file of this session has the same name.');
    return claimChunk(rt, ctx, input);
  }
  const size = Number(row.size);
  orRefuse(
    sameFile(
      { name: row.name, size, chunkSize: row.chunk_size, chunkCount: row.chunk_count },
      header,
      input.name,
    ),
  );
  return {
    file: {
      id: row.id,
      name: row.name,
      size,
      chunk_count: row.chunk_count,
      sha256: row.sha256,
      completed_at: row.completed_at,
    },
    stored: row.stored,
    received: Number(row.received),
  };
}
