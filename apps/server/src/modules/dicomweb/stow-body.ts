import type { IncomingInstance } from './ingest';
import type { RelatedPart } from './multipart-related';

/** The parts as instances, their bytes plain Uint8Arrays (a Buffer's `slice` would not copy where a reader expects it). */
export async function* instancesOf(parts: AsyncIterable<RelatedPart>): AsyncGenerator<IncomingInstance> {
  for await (const { body } of parts)
    yield { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
}
