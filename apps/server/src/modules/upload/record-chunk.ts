import { sql } from 'kysely';
import type { UploadDeps } from './service';

/**
 * Records a written chunk and answers how many chunks of its file have a row. With `completeWith` (a file
 * of one chunk, already in place), the same statement completes the file with that sha256.
 */
export async function recordChunk(
  db: UploadDeps['db'],
  chunk: { fileId: number; index: number; size: number; sha256: string | null; completeWith?: string },
): Promise<number> {
  const complete =
    chunk.completeWith === undefined
      ? sql``
      : sql`, completed AS (
          UPDATE upload_files SET sha256 = ${chunk.completeWith}, completed_at = now()
          WHERE id = ${chunk.fileId} RETURNING id
        )`;
  const result = await sql<{ received: string | number }>`
    WITH added AS (
      INSERT INTO upload_chunks (file_id, chunk_index, size, sha256)
      VALUES (${chunk.fileId}, ${chunk.index}, ${chunk.size}, ${chunk.sha256})
      ON CONFLICT (file_id, chunk_index) DO NOTHING
      RETURNING file_id
    )${complete}
    SELECT (SELECT count(*) FROM upload_chunks WHERE file_id = ${chunk.fileId})
      + (SELECT count(*) FROM added) AS received
  `.execute(db);
  return Number(result.rows[0]?.received ?? 0);
}
