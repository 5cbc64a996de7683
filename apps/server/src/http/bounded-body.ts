import { bodyTooLarge, type HttpError } from './errors';

/**
 * A streamed body's chunks as they arrive, stopping with `tooLarge` (413) once more than `limit` bytes
 * came: the limit holds however the length was declared, and nothing past it is passed on.
 */
export async function* boundedBody<Chunk extends Uint8Array>(
  chunks: AsyncIterable<Chunk>,
  limit: number,
  tooLarge: () => HttpError = () => bodyTooLarge(limit),
): AsyncGenerator<Chunk> {
  let received = 0;
  for await (const chunk of chunks) {
    received += chunk.byteLength;
    if (received > limit) throw tooLarge();
    yield chunk;
  }
}
