import type { UploadHeader } from '@voxa/contracts';
import { HttpError, unprocessable } from '../../http/errors';
import { ChunkTooLongError, tapChunk } from './chunk-stream';
import type { ClaimedFile } from './claim-chunk';
import { partialKey } from './layout';
import { chunkRange } from './policy';
import type { UploadRuntime } from './service';

/**
 * Streams a chunk not stored yet to its place in the file's partial copy and checks its length (and
 * sha256 when sent). Answers the chunk's sha256 when it was computed: always for a file of one chunk (it is
 * the file's), else when the client sent one. Records nothing: a failed chunk's bytes are overwritten
 * when it is sent again.
 */
export async function writeChunk(
  rt: UploadRuntime,
  input: {
    teamId: number;
    session: string;
    file: ClaimedFile;
    header: UploadHeader;
    bytes: AsyncIterable<Uint8Array>;
  },
): Promise<{ sha256: string | null }> {
  const { file, header } = input;
  const { offset, length: expected } = chunkRange(header);
  const whole = file.chunk_count === 1;
  // A file of one chunk is hashed once: its chunk's hash is the file's.
  const fileHash = whole ? null : rt.hashes.take(file.id, header.index);
  const tap = tapChunk(input.bytes, expected, { hashChunk: whole || header.sha256 !== undefined, fileHash });
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
  return { sha256 };
}
