import { createHash } from 'node:crypto';
import { splitUploadHeader, UPLOAD_LIMITS, type UploadFileState } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { fileIdOf } from './chunkPlan';
import type { TransferConnection } from './transferClient';
import { uploadFiles, type TransferEvent, type TransferFile } from './uploader';

const MIN = UPLOAD_LIMITS.minChunkBytes;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface StoredFile {
  state: UploadFileState;
  bytes: Uint8Array;
}

/** What the fake server does with one chunk call: store and answer, fail, or store and lose the answer. */
type Fault = 'ok' | 'network' | 'lost-answer' | 500 | 404 | 422;

/** The protocol of POST/GET /c-upload/file in memory, with faults injected per call. */
function fakeServer(fault: (call: { fileId: string; index: number; n: number }) => Fault = () => 'ok') {
  const files = new Map<string, StoredFile>();
  const posts: { fileId: string; index: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const perFile = new Map<string, number>();
  let maxPerFile = 0;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

  const fetchFake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    if (init?.method === 'GET') {
      const id = url.searchParams.get('file_id');
      const states = [...files.entries()].filter(([k]) => !id || k === id).map(([, f]) => f.state);
      return json(200, { files: states });
    }
    const headers = init?.headers as Record<string, string>;
    const h = splitUploadHeader(headers.Upload ?? '')!;
    const [fileId, index, count, chunk, size] = [
      h.id!,
      Number(h.index),
      Number(h.count),
      Number(h.chunk),
      Number(h.size),
    ];
    const form = init?.body as FormData;
    const bytes = new Uint8Array(await (form.get('file') as Blob).arrayBuffer());
    posts.push({ fileId, index });
    inFlight += 1;
    perFile.set(fileId, (perFile.get(fileId) ?? 0) + 1);
    maxInFlight = Math.max(maxInFlight, inFlight);
    maxPerFile = Math.max(maxPerFile, perFile.get(fileId)!);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight -= 1;
    perFile.set(fileId, perFile.get(fileId)! - 1);
    const what = fault({
      fileId,
      index,
      n: posts.filter((p) => p.fileId === fileId && p.index === index).length,
    });
    if (what === 'network') throw new TypeError('fetch failed');
    if (typeof what === 'number') return json(what, { message: `fault ${what}` });
    const file = files.get(fileId) ?? {
      bytes: new Uint8Array(size),
      state: {
        file_id: fileId,
        name: String(form.get('name')),
        size,
        chunk_size: chunk,
        chunk_count: count,
        received: [],
        complete: false,
        sha256: null,
      },
    };
    files.set(fileId, file);
    const duplicate = file.state.received.includes(index);
    if (!duplicate) {
      file.bytes.set(bytes, index * chunk);
      file.state.received = [...file.state.received, index].sort((a, b) => a - b);
    }
    if (file.state.received.length === count && !file.state.complete) {
      file.state.complete = true;
      file.state.sha256 = sha(file.bytes);
    }
    if (what === 'lost-answer') throw new TypeError('fetch failed');
    init?.signal?.throwIfAborted();
    const { received, complete, sha256 } = file.state;
    return json(200, { file_id: fileId, index, duplicate, received: received.length, complete, sha256 });
  };
  const connection: TransferConnection = {
    apiBase: 'http://server/api',
    headers: () => ({}),
    fetch: fetchFake as typeof fetch,
  };
  return { connection, files, posts, concurrency: () => ({ maxInFlight, maxPerFile }) };
}

function makeFile(
  path: string,
  size: number,
  seriesId = 's1',
  seed = 1,
): TransferFile & { bytes: Uint8Array } {
  const bytes = new Uint8Array(size).map((_, i) => (i * seed) % 251);
  return { bytes, file: new Blob([bytes]), path, lastModified: 1_700_000_000_000, seriesId };
}

const fast = { retryDelayMs: () => 1, chunkSize: MIN };

describe('uploadFiles', () => {
  it('uploads every file, parallelFiles at a time with one chunk each in flight, and reports series progress', async () => {
    const server = fakeServer();
    const files = [
      makeFile('a/1.dcm', 2 * MIN + 3),
      makeFile('a/2.dcm', 10),
      makeFile('b/1.dcm', MIN + 1, 's2', 3),
      makeFile('b/2.dcm', 0, 's2'),
      // More files than are sent at once.
      ...Array.from({ length: UPLOAD_LIMITS.parallelFiles }, (_, i) =>
        makeFile(`c/${i}.dcm`, MIN + i, 's3', 4 + i),
      ),
    ];
    const events: TransferEvent[] = [];
    const result = await uploadFiles(files, {
      session: 's',
      connection: server.connection,
      ...fast,
      onProgress: (e) => events.push(e),
    });
    expect(result.aborted).toBe(false);
    expect(result.files.map((f) => [f.path, f.status, f.sha256])).toEqual(
      files.map((f) => [f.path, 'done', sha(f.bytes)]),
    );
    expect(server.concurrency()).toEqual({ maxInFlight: UPLOAD_LIMITS.parallelFiles, maxPerFile: 1 });
    const lastSeries = (id: string) => events.filter((e) => e.type === 'series' && e.seriesId === id).at(-1);
    expect(lastSeries('s1')).toMatchObject({
      uploadProgress: 100,
      uploadedImages: 2,
      uploadedSize: 2 * MIN + 13,
      uploadFinished: true,
    });
    expect(lastSeries('s2')).toMatchObject({ uploadProgress: 100, uploadedImages: 2, totalImages: 2 });
    const s1 = events
      .filter((e) => e.type === 'series' && e.seriesId === 's1')
      .map((e) => (e as { uploadProgress: number }).uploadProgress);
    expect(s1).toEqual([...s1].sort((x, y) => x - y));
  });

  it('tries a chunk again after failures, asking the server first, and never resends one it holds', async () => {
    const server = fakeServer(({ index, n }) =>
      index === 1 && n === 1
        ? 'lost-answer'
        : index === 0 && n <= 2
          ? 'network'
          : n === 1 && index === 2
            ? 500
            : 'ok',
    );
    const file = makeFile('x.dcm', 3 * MIN);
    const result = await uploadFiles([file], { session: 's', connection: server.connection, ...fast });
    expect(result.files[0]).toMatchObject({ status: 'done', sha256: sha(file.bytes) });
    expect(server.posts.map((p) => p.index)).toEqual([0, 0, 0, 1, 2, 2]);
  });

  it('gives a file up after 5 retries and goes on with the others', async () => {
    const server = fakeServer(({ fileId }) =>
      fileId === fileIdOf('bad.dcm', 10, 1_700_000_000_000) ? 500 : 'ok',
    );
    const result = await uploadFiles([makeFile('bad.dcm', 10), makeFile('good.dcm', 10)], {
      session: 's',
      connection: server.connection,
      ...fast,
    });
    expect(result.files.map((f) => f.status)).toEqual(['failed', 'done']);
    expect(result.files[0]!.error).toBe('fault 500');
    expect(server.posts.filter((p) => p.index === 0).length).toBe(7);
  });

  it('does not retry a refusal, and stops everything when the session is gone', async () => {
    const refused = fakeServer(() => 422);
    const one = await uploadFiles([makeFile('a.dcm', 10)], {
      session: 's',
      connection: refused.connection,
      ...fast,
    });
    expect(one.files[0]).toMatchObject({ status: 'failed', error: 'fault 422' });
    expect(refused.posts).toHaveLength(1);
    const gone = fakeServer(() => 404);
    const all = await uploadFiles([makeFile('a.dcm', 10), makeFile('b.dcm', 10), makeFile('c.dcm', 10)], {
      session: 's',
      connection: gone.connection,
      ...fast,
      parallelFiles: 1,
    });
    expect(all.files.map((f) => f.status)).toEqual(['failed', 'failed', 'failed']);
    expect(gone.posts).toHaveLength(1);
  });

  it('resumes: sends only the chunks the server lacks', async () => {
    const server = fakeServer();
    const files = [makeFile('a.dcm', 3 * MIN), makeFile('b.dcm', 100)];
    const first = new AbortController();
    let sent = 0;
    const partial = fakeServer(() => {
      sent += 1;
      if (sent === 2) first.abort();
      return 'ok';
    });
    const aborted = await uploadFiles(files, {
      session: 's',
      connection: partial.connection,
      ...fast,
      parallelFiles: 1,
      signal: first.signal,
    });
    expect(aborted.aborted).toBe(true);
    expect(aborted.files.map((f) => f.status)).toEqual(['aborted', 'aborted']);
    // The same server state, a new page: chunk 0 and 1 of a.dcm are there.
    for (const [id, f] of partial.files) server.files.set(id, f);
    const resumed = await uploadFiles(files, { session: 's', connection: server.connection, ...fast });
    expect(resumed.files.map((f) => f.status)).toEqual(['done', 'done']);
    expect(server.posts.map((p) => p.index)).toEqual([2, 0]);
    expect(resumed.files[0]!.sha256).toBe(sha(files[0]!.bytes));
  });

  it('skips files the server already holds whole', async () => {
    const server = fakeServer();
    const file = makeFile('done.dcm', 10);
    await uploadFiles([file], { session: 's', connection: server.connection, ...fast });
    const events: TransferEvent[] = [];
    const again = await uploadFiles([file], {
      session: 's',
      connection: server.connection,
      ...fast,
      onProgress: (e) => events.push(e),
    });
    expect(again.files[0]).toMatchObject({ status: 'done', sha256: sha(file.bytes) });
    expect(server.posts).toHaveLength(1);
    expect(events).toEqual([
      expect.objectContaining({ type: 'series', uploadProgress: 100, uploadFinished: true }),
    ]);
  });
});
