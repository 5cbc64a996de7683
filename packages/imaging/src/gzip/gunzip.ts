/**
 * The one bounded gzip inflater of the browser and the server (docs/decisions/0025): gzipped DICOM,
 * `.nii.gz` previews, and the archives' `*nii.gz` files streamed to disk. It is the web-standard
 * DecompressionStream, which browsers and Node (18+) both have. Nothing a gzip file declares is trusted;
 * the inflated bytes are counted as they come and inflation stops past the bound.
 */

export const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

export const GZIP_DAMAGED_ERROR = 'The .gz file is damaged or cut short: it could not be decompressed';

export const gzipTooLargeError = (maxBytes: number) => `The .gz file inflates to more than ${maxBytes} bytes`;

export type GunzipResult =
  /** `bytes`: the first `keep` inflated bytes (all of them when there are fewer); `size`: all inflated. */
  { ok: true; bytes: Uint8Array; size: number } | { ok: false; error: string };

export interface GunzipOptions {
  /** Inflated bytes past which the file is refused (a gzip bomb, or a file larger than the upload takes). */
  maxBytes: number;
  /** Inflated bytes kept; the rest is still inflated (to check the whole file and count it), not kept. */
  keep?: number;
  /** Given each inflated chunk (to write it to a file, say); what it throws stops inflation and is thrown. */
  sink?: (chunk: Uint8Array) => Promise<void> | void;
}

/** Joins the kept chunks into one array of exactly `length` bytes. */
function joined(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === length) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Writes the source into the inflater and resolves with the source's own failure (a file that cannot be
 * read), if any. A failed write means inflation failed or stopped: the reader tells why.
 */
async function feed(
  writer: WritableStreamDefaultWriter<Uint8Array<ArrayBuffer>>,
  source: AsyncIterable<Uint8Array>,
): Promise<unknown> {
  const chunks = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch (error) {
        await writer.abort(error).catch(() => undefined);
        return error;
      }
      if (next.done) break;
      // Typed arrays here never view a SharedArrayBuffer (file reads, inflated data), which the type allows.
      await writer.write(next.value as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  } catch {
    // The reader reports the inflation's failure.
  }
  return undefined;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/**
 * Reads the inflated bytes, keeping the first `keep` and handing each chunk to `sink`, until the end or
 * past `maxBytes`. Throws what the sink throws.
 */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  { maxBytes, keep = Number.POSITIVE_INFINITY, sink }: GunzipOptions,
): Promise<GunzipResult> {
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let size = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch {
      return { ok: false, error: GZIP_DAMAGED_ERROR };
    }
    if (next.done) break;
    size += next.value.length;
    if (size > maxBytes) return { ok: false, error: gzipTooLargeError(maxBytes) };
    if (keptBytes < keep) {
      kept.push(next.value);
      keptBytes += next.value.length;
    }
    await sink?.(next.value);
  }
  return { ok: true, bytes: joined(kept, Math.min(keptBytes, keep)), size };
}

/**
 * Inflates gzip data (bytes, or chunks as they are read, such as a Node file stream), refusing more than
 * `maxBytes` inflated and reporting damaged or cut-short data (the gzip trailer's CRC and length are
 * checked). Throws only what reading the source or the sink throws.
 */
export async function gunzip(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  options: GunzipOptions,
): Promise<GunzipResult> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feeding = feed(writer, source instanceof Uint8Array ? once(source) : source);
  const stop = async () => {
    await reader.cancel().catch(() => undefined);
    await writer.abort().catch(() => undefined);
  };
  let result: GunzipResult;
  try {
    result = await drain(reader, options);
  } catch (sinkFailure) {
    await stop();
    await feeding;
    throw sinkFailure;
  }
  if (!result.ok) await stop();
  const sourceFailure = await feeding;
  if (sourceFailure !== undefined) throw sourceFailure;
  return result;
}

/** Error thrown by `maybeGunzip`, with the reason a person can read. */
export class GzipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GzipError';
  }
}

/**
 * A file's bytes as it was uploaded, inflated when they are gzip (a `.dcm.gz` as scanners' export tools
 * write it, a `.nii.gz`), as they are otherwise: what dcm2niix and the pixel decoders need, since neither
 * reads gzip. Throws a GzipError past `maxBytes` or on damaged gzip data.
 */
export async function maybeGunzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  const result = await gunzip(bytes, { maxBytes });
  if (!result.ok) throw new GzipError(result.error);
  return result.bytes;
}
