import { UPLOAD_LIMITS, type UploadFileState } from '@voxa/contracts';
import { chunkBounds, fileIdOf, heldBytes, missingChunks, planChunks, type ChunkPlan } from './chunkPlan';
import { seriesProgress, type FileTransferState, type SeriesTransferProgress } from './progress';
import { fetchFileStates, postChunk, TransferError, type TransferConnection } from './transferClient';

/** One file to upload, as the page has it after ingest. */
export interface TransferFile {
  file: Blob;
  /** Relative path in the upload (sent as `name`; the server keeps this layout). */
  path: string;
  /** `File.lastModified`; with path and size it makes the id that finds the file again after a reload. */
  lastModified: number;
  /** The series the file belongs to: progress is summed per series. */
  seriesId: string;
  /** Sent as the multipart field `preview`, as is. */
  preview?: string;
}

export type TransferEvent =
  | ({ type: 'file'; path: string; fileId: string; error?: string } & FileTransferState)
  | ({ type: 'series' } & SeriesTransferProgress);

export interface UploadOptions {
  /** From POST /c-upload. */
  session: string;
  connection: TransferConnection;
  /** Bytes per chunk (at least 2 MB); 8 MB by default. */
  chunkSize?: number;
  parallelFiles?: number;
  /** Tries after the first failure of a chunk. */
  retries?: number;
  /** Wait before try `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** A chunk whose answer takes longer is tried again. */
  requestTimeoutMs?: number;
  /** Send each chunk's sha256 for the server to check (needs crypto.subtle). */
  checksums?: boolean;
  signal?: AbortSignal;
  onProgress?: (event: TransferEvent) => void;
}

export interface FileOutcome {
  path: string;
  fileId: string;
  seriesId: string;
  status: 'done' | 'failed' | 'aborted';
  /** The server's sha256 of the stored file. */
  sha256: string | null;
  error?: string;
}

export interface TransferResult {
  files: FileOutcome[];
  aborted: boolean;
}

interface Entry {
  input: TransferFile;
  fileId: string;
  plan: ChunkPlan;
  held: Set<number>;
  state: FileTransferState;
  sha256: string | null;
  error?: string;
}

const defaultDelay = (attempt: number) => Math.min(16_000, 1000 * 2 ** (attempt - 1));
/** The session or the sign-in is gone: no other file can succeed either. */
const FATAL = new Set([401, 403, 404]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Runs one request with its own deadline; a deadline passed is a retryable failure, an abort is not. */
async function withDeadline<T>(
  signal: AbortSignal,
  ms: number,
  run: (s: AbortSignal) => Promise<T>,
): Promise<T> {
  signal.throwIfAborted();
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new TransferError(0, 'The server did not answer in time.')),
    ms,
  );
  try {
    return await run(controller.signal);
  } catch (error) {
    if (!signal.aborted && controller.signal.reason instanceof TransferError) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

/** Runs a call, trying again after retryable failures. */
async function retrying<T>(
  retries: number,
  delay: (attempt: number) => number,
  signal: AbortSignal,
  run: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (signal.aborted || !(error instanceof TransferError) || !error.retryable || attempt >= retries)
        throw error;
      await sleep(delay(attempt + 1), signal);
    }
  }
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Uploads files into a session with the chunked protocol: the server is asked first what it holds (so a
 * reload or a restart resends only what is missing), `parallelFiles` files at a time with one chunk in
 * flight each, every chunk tried again up to `retries` times with backoff (asking the server again before
 * each new try). Progress comes per file and per series; `signal` aborts.
 */
export async function uploadFiles(
  files: readonly TransferFile[],
  options: UploadOptions,
): Promise<TransferResult> {
  const retries = options.retries ?? UPLOAD_LIMITS.retries;
  const delay = options.retryDelayMs ?? defaultDelay;
  const timeoutMs = options.requestTimeoutMs ?? 120_000;
  const connection = options.connection;
  const signal = options.signal ?? new AbortController().signal;
  const entries: Entry[] = files.map((input) => ({
    input,
    fileId: fileIdOf(input.path, input.file.size, input.lastModified),
    plan: planChunks(input.file.size, options.chunkSize),
    held: new Set(),
    state: { seriesId: input.seriesId, size: input.file.size, uploadedSize: 0, status: 'pending' },
    sha256: null,
  }));
  const states = entries.map((e) => e.state);
  const emitSeries = (seriesId: string) =>
    options.onProgress?.({ type: 'series', ...seriesProgress(seriesId, states) });
  const emit = (e: Entry) => {
    options.onProgress?.({ type: 'file', path: e.input.path, fileId: e.fileId, error: e.error, ...e.state });
    emitSeries(e.state.seriesId);
  };

  /** Takes in what the server holds of a file; true when the file is complete there. */
  const learn = (e: Entry, held: UploadFileState | undefined): boolean => {
    if (!held || held.size !== e.plan.size || held.chunk_count !== e.plan.count) return false;
    e.held = new Set(held.received);
    e.state.uploadedSize = heldBytes(e.plan, e.held);
    if (held.complete) e.sha256 = held.sha256;
    return held.complete;
  };

  const sendChunk = async (e: Entry, index: number): Promise<boolean> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { start, end } = chunkBounds(e.plan, index);
        const bytes = e.input.file.slice(start, end);
        const sha256 = options.checksums ? await sha256Hex(bytes) : undefined;
        const header = {
          id: e.fileId,
          index,
          count: e.plan.count,
          chunk: e.plan.chunkSize,
          size: e.plan.size,
          sha256,
        };
        const receipt = await withDeadline(signal, timeoutMs, (s) =>
          postChunk(
            connection,
            { session: options.session, name: e.input.path, preview: e.input.preview, header, bytes },
            s,
          ),
        );
        e.held.add(index);
        e.state.uploadedSize = heldBytes(e.plan, e.held);
        if (receipt.complete) e.sha256 = receipt.sha256;
        return receipt.complete;
      } catch (error) {
        if (signal.aborted || !(error instanceof TransferError) || !error.retryable || attempt >= retries)
          throw error;
        await sleep(delay(attempt + 1), signal);
        // The chunk may have arrived though its answer did not: ask before sending it again.
        const held = await withDeadline(signal, timeoutMs, (s) =>
          fetchFileStates(connection, options.session, e.fileId, s),
        ).catch(() => undefined);
        if (held && learn(e, held[0])) return true;
        if (e.held.has(index)) return false;
      }
    }
  };

  let fatal: TransferError | null = null;
  const sendFile = async (e: Entry) => {
    e.state.status = 'active';
    emit(e);
    try {
      let complete = false;
      for (let index = missingChunks(e.plan, e.held)[0]; index !== undefined && !complete;) {
        complete = await sendChunk(e, index);
        emit(e);
        index = missingChunks(e.plan, e.held)[0];
      }
      if (!complete) {
        // Every chunk is held but no answer said complete: the server completes it when asked.
        const held = await fetchFileStates(connection, options.session, e.fileId, signal);
        if (!learn(e, held[0])) throw new TransferError(0, 'The server did not complete the file.');
      }
      e.state.status = 'done';
    } catch (error) {
      e.state.status = 'failed';
      e.error = error instanceof Error ? error.message : String(error);
      if (error instanceof TransferError && FATAL.has(error.status)) fatal ??= error;
    }
    emit(e);
  };

  try {
    const held = await retrying(retries, delay, signal, () =>
      withDeadline(signal, timeoutMs, (s) => fetchFileStates(connection, options.session, undefined, s)),
    );
    const byId = new Map(held.map((h) => [h.file_id, h]));
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(e.fileId)) {
        e.state.status = 'failed';
        e.error = 'The same file is listed twice.';
      } else if (learn(e, byId.get(e.fileId))) e.state.status = 'done';
      seen.add(e.fileId);
    }
    for (const seriesId of new Set(entries.map((e) => e.state.seriesId))) emitSeries(seriesId);
    const queue = entries.filter((e) => e.state.status === 'pending');
    const worker = async () => {
      for (let e = queue.shift(); e && !fatal && !signal.aborted; e = queue.shift()) await sendFile(e);
    };
    await Promise.all(Array.from({ length: options.parallelFiles ?? UPLOAD_LIMITS.parallelFiles }, worker));
  } catch (error) {
    if (!signal.aborted)
      fatal ??= error instanceof TransferError ? error : new TransferError(0, String(error));
  }
  return {
    aborted: signal.aborted,
    files: entries.map((e) => ({
      path: e.input.path,
      fileId: e.fileId,
      seriesId: e.state.seriesId,
      status: e.state.status === 'done' ? 'done' : signal.aborted ? 'aborted' : 'failed',
      sha256: e.sha256,
      ...((e.error ?? fatal) && { error: e.error ?? fatal?.message }),
    })),
  };
}
