import * as api from '@voxa/contracts/areas';
import {
  formatUploadHeader,
  UPLOAD_HEADER,
  type ChunkReceipt,
  type UploadFileState,
  type UploadHeader,
} from '@voxa/contracts';

/** How the uploader reaches the API: its base and the headers of every call (Authorization, Team). */
export interface TransferConnection {
  /** `/api` in the app; an absolute URL elsewhere (tests, bench). */
  apiBase: string;
  headers: () => Record<string, string>;
  fetch: typeof fetch;
  /** Where chunks go: V2's /c-upload/file unless told (V1 sends to /batch-upload/file, the same store). */
  chunkPath?: string;
}

/** A failed call: `status` 0 when no answer came (network failure, timeout). */
export class TransferError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TransferError';
  }

  /** Worth trying again: no answer, a timeout, rate limiting or a server failure. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

async function request<T>(c: TransferConnection, url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await c.fetch(url, {
      ...init,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...c.headers(),
        ...init.headers,
      },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new TransferError(0, error instanceof Error ? error.message : 'Network failure');
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy page): the status speaks
  }
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new TransferError(res.status, typeof message === 'string' ? message : `HTTP ${res.status}`);
  }
  return body as T;
}

/** POST /c-upload: a new session (the page may call it through lib/api instead). */
export async function openSession(c: TransferConnection, signal?: AbortSignal): Promise<string> {
  const answer = await request<{ session: string }>(c, `${c.apiBase}${api.upload.prepare.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prepare: true }),
    signal,
  });
  return answer.session;
}

/** GET /c-upload/file: what the server holds of a session's files (or of one). */
export async function fetchFileStates(
  c: TransferConnection,
  session: string,
  fileId: string | undefined,
  signal: AbortSignal,
): Promise<UploadFileState[]> {
  const query = new URLSearchParams({ session_id: session, ...(fileId && { file_id: fileId }) });
  const answer = await request<{ files: UploadFileState[] }>(
    c,
    `${c.apiBase}${api.upload.files.path}?${query}`,
    {
      method: 'GET',
      signal,
    },
  );
  return answer.files;
}

export interface ChunkRequest {
  session: string;
  name: string;
  preview?: string;
  header: UploadHeader;
  bytes: Blob;
}

/** POST /c-upload/file: one chunk, fields first and then its bytes as the part `file`. */
export async function postChunk(
  c: TransferConnection,
  chunk: ChunkRequest,
  signal: AbortSignal,
): Promise<ChunkReceipt> {
  const form = new FormData();
  form.append('name', chunk.name);
  form.append('session_id', chunk.session);
  if (chunk.preview !== undefined) form.append('preview', chunk.preview);
  form.append('file', chunk.bytes, 'chunk');
  return request<ChunkReceipt>(c, `${c.apiBase}${c.chunkPath ?? api.upload.chunk.path}`, {
    method: 'POST',
    headers: { [UPLOAD_HEADER]: formatUploadHeader(chunk.header) },
    body: form,
    signal,
  });
}
