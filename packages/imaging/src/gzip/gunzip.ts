/**
 * The one bounded gzip inflater of the browser and the server (gzipped DICOM, docs/decisions/0023):
 * the web-standard DecompressionStream, which browsers and Node (18+) both have. Nothing a gzip file
 * declares is trusted; the inflated bytes are counted as they come and inflation stops past the bound.
 */

export const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

export const GZIP_DAMAGED_ERROR = 'The .gz file is damaged or cut short: it could not be decompressed';

export const gzipTooLargeError = (maxBytes: number) =>
  `The .gz file inflates to more than ${maxBytes} bytes, the largest file an upload takes`;

export type GunzipResult =
  /** `bytes`: the first `keep` inflated bytes (all of them when there are fewer); `size`: all inflated. */
  { ok: true; bytes: Uint8Array; size: number } | { ok: false; error: string };

export interface GunzipOptions {
  /** Inflated bytes past which the file is refused (a gzip bomb, or a file larger than the upload takes). */
  maxBytes: number;
  /** Inflated bytes kept; the rest is still inflated (to check the whole file and count it), not kept. */
  keep?: number;
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

async function feed(
  writer: WritableStreamDefaultWriter<Uint8Array<ArrayBuffer>>,
  source: AsyncIterable<Uint8Array>,
) {
  // Typed arrays here never view a SharedArrayBuffer (file reads and inflated data), which the type allows.
  for await (const chunk of source) await writer.write(chunk as Uint8Array<ArrayBuffer>);
  await writer.close();
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/**
 * Inflates gzip data (bytes, or chunks as they are read), refusing more than `maxBytes` inflated and
 * reporting damaged or cut-short data (the gzip trailer's CRC and length are checked). Never throws.
 */
export async function gunzip(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  { maxBytes, keep = Number.POSITIVE_INFINITY }: GunzipOptions,
): Promise<GunzipResult> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // A write fails when inflation fails or stops; the reader below reports why, so this one is dropped.
  const feeding = feed(writer, source instanceof Uint8Array ? once(source) : source).catch(() => undefined);
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await Promise.all([reader.cancel(), writer.abort()]).catch(() => undefined);
        return { ok: false, error: gzipTooLargeError(maxBytes) };
      }
      if (keptBytes < keep) {
        kept.push(value);
        keptBytes += value.length;
      }
    }
  } catch {
    await writer.abort().catch(() => undefined);
    return { ok: false, error: GZIP_DAMAGED_ERROR };
  } finally {
    await feeding;
  }
  return { ok: true, bytes: joined(kept, Math.min(keptBytes, keep)), size };
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
