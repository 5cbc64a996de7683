import type { UploadHeader } from '@voxa/contracts';
import { HttpError, unprocessable } from '../../http/errors';
import type { StorageKey } from '../../platform/storage';
import { ChunkMismatchError, ChunkTooLongError, tapChunk } from './chunk-stream';
import type { ClaimedFile } from './claim-chunk';
import { nameClashOr } from './complete-file';
import { partialKey, storedFileKey } from '../../platform/storage/layout';
import { chunkRange } from './policy';
import type { UploadRuntime } from './service';

/**
 * Streams a chunk not stored yet straight to its place, checking its length (and sha256 when sent) as
 * it passes: a file of one chunk is written whole under its name (a temp file flushed and renamed: no
 * partial copy, no second write), a chunk of a larger file at its offset in the file's partial copy.
 * Answers the chunk's sha256 when computed: always for a file of one chunk (it is the file's), else when
 * the client sent one. Records nothing: a failed chunk leaves no file in place, and its bytes in a
 * partial copy are overwritten when it is sent again.
 */
export async function writeChunk(
  rt: UploadRuntime,
  input: {
    teamId: number;
    session: string;
    file: ClaimedFile;
    name: StorageKey;
    header: UploadHeader;
    bytes: AsyncIterable<Uint8Array>;
  },
): Promise<{ sha256: string | null }> {
  const { file, header } = input;
  const { storage } = rt.deps;
  const { offset, length: expected } = chunkRange(header);
  const whole = file.chunk_count === 1;
  // A file of one chunk is hashed once: its chunk's hash is the file's.
  const fileHash = whole ? null : rt.hashes.take(file.id, header.index);
  const tap = tapChunk(input.bytes, expected, {
    index: header.index,
    sha256: header.sha256,
    hashChunk: whole,
    fileHash,
  });
  try {
    if (whole) await storage.writeAtomic(storedFileKey(input.teamId, input.session, input.name), tap.bytes);
    else await storage.writeAt(partialKey(input.teamId, input.session, file.id), offset, tap.bytes);
  } catch (error) {
    rt.hashes.drop(file.id);
    if (error instanceof ChunkTooLongError)
      throw new HttpError(413, `Chunk ${header.index} is longer than the ${expected} bytes declared.`);
    if (error instanceof ChunkMismatchError) throw unprocessable(error.message, { file: [error.message] });
    throw nameClashOr(error);
  }
  return { sha256: tap.result().sha256 };
}
