import { z } from 'zod';
import { endpoint } from './endpoint';

/** Chunked upload constants (upload-and-organize.md section 9). */
export const UPLOAD_LIMITS = {
  /** Every chunk but a file's last is at least this long. */
  minChunkBytes: 2_097_152,
  /** What the web uploader sends by default: larger chunks spend fewer round trips per byte. */
  defaultChunkBytes: 8 * 1_048_576,
  /** Files in flight at once in V2 (V1 keeps the spec's threads): docs/decisions/0077. */
  parallelFiles: 4,
  activeChunksPerFile: 1,
  retries: 5,
  /** Default of UPLOAD_MAX_FILE_BYTES; the page bounds a gzipped DICOM's inflated size by it too. */
  defaultMaxFileBytes: 4 * 1024 ** 3,
} as const;

/** A session id: a UUID made by the server. */
export const UploadSessionId = z.string().uuid();
/** A file id chosen by the client (the web uploader hashes path, size and lastModified). */
export const UploadFileId = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Not a file id.');
export const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Not a lowercase hex sha256.');

/**
 * The `Upload` header of a chunk, as `key=value` pairs joined by `;`:
 * `id=<file id>;index=<0-based>;count=<chunks>;chunk=<chunk size>;size=<file size>[;sha256=<hex>]`.
 * Every chunk but the last is `chunk` bytes long; `sha256`, when sent, is the chunk's.
 */
export const UploadHeader = z.strictObject({
  id: UploadFileId,
  index: z.coerce.number().int().min(0),
  count: z.coerce.number().int().min(1),
  chunk: z.coerce.number().int().min(1),
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: Sha256Hex.optional(),
});
export type UploadHeader = z.infer<typeof UploadHeader>;

export const UPLOAD_HEADER = 'Upload';

export function formatUploadHeader(h: UploadHeader): string {
  const pairs: [string, string | number | undefined][] = [
    ['id', h.id],
    ['index', h.index],
    ['count', h.count],
    ['chunk', h.chunk],
    ['size', h.size],
    ['sha256', h.sha256],
  ];
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(';');
}

/** The raw pairs of an `Upload` header, or null when it is not a `key=value;...` list without repeats. */
export function splitUploadHeader(text: string): Record<string, string> | null {
  const pairs: Record<string, string> = {};
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    if (eq <= 0) return null;
    const key = trimmed.slice(0, eq).trim();
    if (key in pairs) return null;
    pairs[key] = trimmed.slice(eq + 1).trim();
  }
  return Object.keys(pairs).length ? pairs : null;
}

/** What the server holds of one file of a session. */
export const UploadFileState = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  chunk_size: z.number().int(),
  chunk_count: z.number().int(),
  /** Indices of the chunks stored, ascending. */
  received: z.array(z.number().int()),
  complete: z.boolean(),
  /** sha256 of the assembled file, once complete. */
  sha256: z.string().nullable(),
});
export type UploadFileState = z.infer<typeof UploadFileState>;

/** The answer to one chunk. */
export const ChunkReceipt = z.object({
  file_id: z.string(),
  index: z.number().int(),
  /** The chunk was already stored: this copy was dropped. */
  duplicate: z.boolean(),
  /** How many of the file's chunks are stored. */
  received: z.number().int(),
  complete: z.boolean(),
  sha256: z.string().nullable(),
});
export type ChunkReceipt = z.infer<typeof ChunkReceipt>;

const UPLOAD_PERMISSIONS = ['r:upload', 'r:upload-v2'] as const;

export const upload = {
  prepare: endpoint({
    method: 'POST',
    path: '/c-upload',
    scope: 'team',
    permissions: UPLOAD_PERMISSIONS,
    summary: 'Open an upload session (V2); the user also gets the socket event upload:session:add',
    body: z.strictObject({ prepare: z.literal(true) }),
    response: z.object({ session: UploadSessionId }),
  }),
  files: endpoint({
    method: 'GET',
    path: '/c-upload/file',
    scope: 'team',
    permissions: UPLOAD_PERMISSIONS,
    summary:
      'What the server holds of a session’s files (one file with file_id): the chunks a resumed upload can skip',
    query: z.strictObject({ session_id: UploadSessionId, file_id: UploadFileId.optional() }),
    response: z.object({ files: z.array(UploadFileState) }),
  }),
  chunk: endpoint({
    method: 'POST',
    path: '/c-upload/file',
    scope: 'team',
    permissions: UPLOAD_PERMISSIONS,
    summary:
      'One chunk of a file: header `Upload: id=..;index=..;count=..;chunk=..;size=..[;sha256=..]`, multipart ' +
      'fields name, session_id, preview (optional) and then the part `file` with the chunk’s bytes. ' +
      'A chunk sent again is stored once; the file is assembled when its last chunk arrives',
    response: ChunkReceipt,
  }),
};
