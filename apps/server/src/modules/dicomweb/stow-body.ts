import { HttpError } from '../../http/errors';
import type { IncomingInstance } from './ingest';
import type { RelatedPart } from './multipart-related';

export const tooLarge = (limit: number) =>
  new HttpError(413, `The request body is larger than the limit of ${limit} bytes.`);

/** A request body's chunks as they arrive, stopping with 413 once more than `limit` bytes came. */
export async function* bounded(body: AsyncIterable<Buffer>, limit: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > limit) throw tooLarge(limit);
    yield chunk;
  }
}

/** The parts as instances, their bytes plain Uint8Arrays (a Buffer's `slice` would not copy where a reader expects it). */
export async function* instancesOf(parts: AsyncIterable<RelatedPart>): AsyncGenerator<IncomingInstance> {
  for await (const { body } of parts)
    yield { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
}
