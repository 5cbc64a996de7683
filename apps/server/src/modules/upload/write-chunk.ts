import type { UploadHeader } from '@voxa/contracts';
import { HttpError, unprocessable } from '../../http/errors';
import type { UploadFileRow } from '../../platform/db/schema';
import { ChunkTooLongError, tapChunk } from './chunk-stream';
import { partialKey } from '../../platform/storage/layout';
import { chunkRange } from './policy';
import type { UploadRuntime } from './service';

/**
 * Writes a chunk not stored yet at its place in the file's partial copy, checks its length (and sha256
 * when sent), then records it. A failed chunk leaves no row: its bytes are overwritten when sent again.
 */
export async function writeChunk(
  rt: UploadRuntime,
  input: {
    teamId: number;
    session: string;
    file: UploadFileRow;
    header: UploadHeader;
    bytes: AsyncIterable<Uint8Array>;
  },
): Promise<void> {
  const { file, header } = input;
  const { offset, length: expected } = chunkRange(header);
  const fileHash = rt.hashes.take(file.id, header.index);
  const tap = tapChunk(input.bytes, expected, { hashChunk: header.sha256 !== undefined, fileHash });
  try {
    await rt.deps.storage.writeAt(partialKey(input.teamId, input.session, file.id), offset, tap.bytes);
  } catch (error) {
    rt.hashes.drop(file.id);
    if (error instanceof ChunkTooLongError)
      throw new HttpError(413, `Chunk ${header.index} is longer than the ${expected} bytes declared.`);
    throw error;
  }
  const { length, sha256 } = tap.result();
  const refuse = (message: string) => {
    rt.hashes.drop(file.id);
    return unprocessable(message, { file: [message] });
  };
  if (length !== expected) throw refuse(`Chunk ${header.index} has ${length} bytes, ${expected} declared.`);
  if (header.sha256 && sha256 !== header.sha256)
    throw refuse(`Chunk ${header.index} does not match its sha256; send it again.`);
  await rt.deps.db
    .insertInto('upload_chunks')
    .values({ file_id: file.id, chunk_index: header.index, size: length, sha256 })
    .onConflict((oc) => oc.columns(['file_id', 'chunk_index']).doNothing())
    .execute();
  rt.hashes.advance(file.id, header.index);
}
