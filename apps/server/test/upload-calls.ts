import { createHash } from 'node:crypto';
import http from 'node:http';
import { formatUploadHeader, type UploadHeader } from '@voxa/contracts';
import type { CallResult, TestApp } from './test-app';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface Caller {
  token: string;
  team: string;
}

export async function prepare(t: TestApp, who: Caller): Promise<string> {
  const res = await t.call('POST', '/c-upload', { ...who, body: { prepare: true } });
  if (res.status !== 200) throw new Error(`prepare: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session as string;
}

/** The header of chunk `index` of `bytes` cut in chunks of `chunk` bytes. */
export function headerFor(
  id: string,
  bytes: Uint8Array,
  chunk: number,
  index: number,
  withSha = true,
): UploadHeader {
  const count = Math.max(1, Math.ceil(bytes.length / chunk));
  const part = bytes.subarray(index * chunk, Math.min(bytes.length, (index + 1) * chunk));
  return { id, index, count, chunk, size: bytes.length, ...(withSha && { sha256: sha256(part) }) };
}

export interface ChunkCall {
  session: string;
  name: string;
  /** The `Upload` header as sent (a string for malformed-input tests). */
  upload?: UploadHeader | string;
  body: Uint8Array;
  preview?: string;
  /** Field order and extra fields for malformed-input tests. */
  fields?: [string, string][];
  /** The chunk endpoint: V2's /c-upload/file unless told (V1 sends to /batch-upload/file). */
  endpoint?: string;
}

/** POST /c-upload/file as the browser does: fields first, then the part `file`. */
export async function sendChunk(t: TestApp, who: Caller, c: ChunkCall): Promise<CallResult> {
  const form = new FormData();
  const fields = c.fields ?? [
    ['name', c.name],
    ['session_id', c.session],
    ...(c.preview === undefined ? [] : [['preview', c.preview] as [string, string]]),
  ];
  for (const [k, v] of fields) form.append(k, v);
  form.append('file', new Blob([c.body]), 'blob');
  const headers: Record<string, string> = {
    authorization: `Bearer ${who.token}`,
    team: who.team,
    'x-requested-with': 'XMLHttpRequest',
  };
  if (c.upload !== undefined)
    headers.upload = typeof c.upload === 'string' ? c.upload : formatUploadHeader(c.upload);
  const res = await fetch(`${t.url}/api${c.endpoint ?? '/c-upload/file'}`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text for the assertion
  }
  return { status: res.status, body };
}

/** Sends every chunk of `bytes` in order; returns the last answer. */
export async function sendFile(
  t: TestApp,
  who: Caller,
  f: { session: string; name: string; id: string; bytes: Uint8Array; chunk: number; endpoint?: string },
): Promise<CallResult> {
  const count = Math.max(1, Math.ceil(f.bytes.length / f.chunk));
  let last: CallResult = { status: 0, body: null };
  for (let index = 0; index < count; index += 1) {
    last = await sendChunk(t, who, {
      session: f.session,
      name: f.name,
      upload: headerFor(f.id, f.bytes, f.chunk, index),
      body: f.bytes.subarray(index * f.chunk, (index + 1) * f.chunk),
      ...(f.endpoint && { endpoint: f.endpoint }),
    });
    if (last.status !== 200) return last;
  }
  return last;
}

/** A new upload session holding one small stored file: its uuid and row id. */
export async function sessionWithFile(t: TestApp, who: Caller): Promise<{ session: string; id: number }> {
  const session = await prepare(t, who);
  const sent = await sendFile(t, who, {
    session,
    name: 'a/1.dcm',
    id: `file-${session.slice(0, 8)}`,
    bytes: new Uint8Array(1000).fill(7),
    chunk: 2_097_152,
  });
  if (sent.status !== 200) throw new Error(`sendFile: ${sent.status} ${JSON.stringify(sent.body)}`);
  const row = await t.db
    .selectFrom('upload_sessions')
    .select('id')
    .where('uuid', '=', session)
    .executeTakeFirstOrThrow();
  return { session, id: row.id };
}

export async function fileStates(t: TestApp, who: Caller, session: string, fileId?: string) {
  const query = new URLSearchParams({ session_id: session, ...(fileId && { file_id: fileId }) });
  return t.call('GET', `/c-upload/file?${query.toString()}`, who);
}

/**
 * Starts a chunk upload over raw HTTP, sends the fields and `sendBytes` of the chunk, then drops the
 * connection: a network failure in the middle of the body.
 */
export async function dropMidChunk(
  t: TestApp,
  who: Caller,
  c: { session: string; name: string; upload: UploadHeader; body: Uint8Array; sendBytes: number },
): Promise<void> {
  const boundary = '----voxa-test-boundary';
  const head = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${c.name}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${c.session}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n`,
      'Content-Type: application/octet-stream\r\n\r\n',
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(`${t.url}/api/c-upload/file`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.token}`,
      team: who.team,
      upload: formatUploadHeader(c.upload),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + c.body.length + tail.length),
    },
  });
  req.on('error', () => undefined);
  req.write(head);
  req.write(c.body.subarray(0, c.sendBytes));
  // Let the server receive and write those bytes before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 150));
  req.destroy();
  await new Promise((resolve) => setTimeout(resolve, 150));
}
