import { splitUploadHeader, UPLOAD_LIMITS, UploadHeader } from '@voxa/contracts';

export interface UploadLimits {
  maxFileBytes: number;
  maxChunkBytes: number;
  maxSessionBytes: number;
}

/** Why a request is refused: a status (400 malformed, 409 conflict, 413 too large, 422 invalid) and a message. */
export interface Refusal {
  status: 400 | 409 | 413 | 422;
  message: string;
  errors?: Record<string, string[]>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const refuse = (status: Refusal['status'], message: string, field = 'upload'): Checked<never> => ({
  ok: false,
  refusal: { status, message, errors: { [field]: [message] } },
});

/** The chunk count a file of `size` bytes needs with chunks of `chunk` bytes (an empty file has one). */
export const chunkCountOf = (size: number, chunk: number) => Math.max(1, Math.ceil(size / chunk));

/** Byte offset and length of chunk `index` of a declaration. */
export function chunkRange(h: Pick<UploadHeader, 'index' | 'chunk' | 'size'>): {
  offset: number;
  length: number;
} {
  const offset = h.index * h.chunk;
  return { offset, length: Math.max(0, Math.min(h.chunk, h.size - offset)) };
}

const NUMBER_FIELDS = ['index', 'count', 'chunk', 'size'] as const;

/**
 * Reads the `Upload` header and checks that it describes a possible chunk within the limits: 400 when it
 * is missing or not `key=value;...` or a number is not decimal, 422 when a value is wrong or the numbers disagree, 413 over a limit.
 */
export function readUploadHeader(
  raw: string | string[] | undefined,
  limits: UploadLimits,
): Checked<UploadHeader> {
  if (typeof raw !== 'string' || raw.length === 0) return refuse(400, 'The Upload header is missing.');
  if (raw.length > 1024) return refuse(400, 'The Upload header is too long.');
  const pairs = splitUploadHeader(raw);
  if (!pairs) return refuse(400, 'The Upload header must be key=value pairs separated by ";".');
  // Number() would read `0x1`, `1e0` or an empty value as a number: a chunk's numbers are written in decimal.
  const notDecimal = NUMBER_FIELDS.find((k) => {
    const value = pairs[k];
    return value !== undefined && !/^[0-9]{1,16}$/.test(value);
  });
  if (notDecimal) return refuse(400, `The Upload header's ${notDecimal} must be a decimal integer.`);
  const parsed = UploadHeader.safeParse(pairs);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = `upload.${issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '')}`;
      (errors[key] ??= []).push(issue.message);
    }
    const [field, messages] = Object.entries(errors)[0] ?? ['upload', ['Invalid value.']];
    return { ok: false, refusal: { status: 422, message: `${field}: ${messages[0]}`, errors } };
  }
  const h = parsed.data;
  if (h.count !== chunkCountOf(h.size, h.chunk))
    return refuse(
      422,
      `A file of ${h.size} bytes in chunks of ${h.chunk} has ${chunkCountOf(h.size, h.chunk)} chunks.`,
    );
  if (h.index >= h.count)
    return refuse(422, `Chunk index ${h.index} is beyond the last chunk (${h.count - 1}).`);
  if (h.count > 1 && h.chunk < UPLOAD_LIMITS.minChunkBytes)
    return refuse(422, `Chunks are at least ${UPLOAD_LIMITS.minChunkBytes} bytes, except a file's last.`);
  if (h.size > limits.maxFileBytes)
    return refuse(413, `The file is larger than the limit of ${limits.maxFileBytes} bytes.`);
  // The declared chunk size is what gets registered, so it is bounded even when the file is smaller.
  if (h.chunk > limits.maxChunkBytes)
    return refuse(413, `A chunk may be at most ${limits.maxChunkBytes} bytes.`);
  return { ok: true, value: h };
}

/** A file's stored declaration, to compare a later chunk's header with. */
export interface FileDeclaration {
  name: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
}

/** A later chunk must describe the file the first one registered. */
export function sameFile(stored: FileDeclaration, h: UploadHeader, name: string): Checked<true> {
  if (stored.name !== name) return refuse(409, 'This file id was registered under another name.', 'name');
  if (stored.size !== h.size || stored.chunkSize !== h.chunk || stored.chunkCount !== h.count)
    return refuse(409, 'This file id was registered with another size or chunking.');
  return { ok: true, value: true };
}

/** Whether one more file of `size` bytes fits in a session already holding `sessionBytes`. */
export function fitsSession(sessionBytes: number, size: number, limits: UploadLimits): Checked<true> {
  if (sessionBytes + size > limits.maxSessionBytes)
    return refuse(413, `The upload session would exceed its limit of ${limits.maxSessionBytes} bytes.`);
  return { ok: true, value: true };
}
