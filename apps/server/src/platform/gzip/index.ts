import { createReadStream } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, gunzip } from 'node:zlib';
import { GZIP_DAMAGED_ERROR, GzipError, gzipTooLargeError, isGzip } from '@voxa/imaging';

/*
 * The server inflates with node:zlib, the browser with DecompressionStream (packages/imaging gzip): Node 20's
 * DecompressionStream, a web-stream adapter over zlib, can enqueue after it was cancelled and throw where
 * nobody can catch it (docs/decisions/0046). The limits and the words a person reads are the package's.
 */

const inflateWhole = promisify(gunzip);

/** zlib's own failures (damaged or cut-short data) carry a Z_* code; anything else is not the data's fault. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/**
 * A file's bytes inflated when they are gzip (`.nii.gz`, `.dcm.gz`), as they are otherwise: what dcm2niix
 * and the decoders need. Throws a GzipError past `maxBytes` inflated or on damaged data.
 */
export async function maybeGunzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  let inflated: Buffer;
  try {
    inflated = await inflateWhole(bytes, { maxOutputLength: Math.min(maxBytes, bufferConstants.MAX_LENGTH) });
  } catch (error) {
    if (error instanceof RangeError) throw new GzipError(gzipTooLargeError(maxBytes));
    if (isZlibError(error)) throw new GzipError(GZIP_DAMAGED_ERROR);
    throw error;
  }
  // A plain Uint8Array: Buffer's slice() is a view, not the copy the decoders expect of slice().
  return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
}

/**
 * Streams a gzip file's inflated bytes through `sink` chunk by chunk (it may count them and throw to stop:
 * what it throws is thrown); answers the inflated size. Throws a GzipError on damaged or cut-short data.
 */
export async function gunzipFileThrough(
  file: string,
  sink: (chunk: Uint8Array) => Promise<void>,
): Promise<number> {
  let size = 0;
  // The sink's own failure, kept: pipeline may report the abort it causes upstream instead.
  let refusal: { error: unknown } | undefined;
  try {
    await pipeline(createReadStream(file), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        size += chunk.length;
        await sink(chunk).catch((error: unknown) => {
          refusal = { error };
          throw error;
        });
      }
    });
  } catch (error) {
    if (refusal) throw refusal.error;
    if (isZlibError(error)) throw new GzipError(GZIP_DAMAGED_ERROR);
    throw error;
  }
  return size;
}
