import { randomBytes } from 'node:crypto';
import { ByteQueue } from './byte-queue';

/** One part of a multipart/related body: its headers (names lower-cased) and its bytes. */
export interface RelatedPart {
  headers: Record<string, string>;
  body: Buffer;
}

export class MultipartError extends Error {}

/** The parameters of a content type (`multipart/related; type="application/dicom"; boundary=x`), lower-cased names. */
export function mediaTypeParameters(contentType: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = splitOutsideQuotes(contentType, ';');
  const params: Record<string, string> = {};
  for (const raw of rest) {
    const eq = raw.indexOf('=');
    if (eq < 0) continue;
    const name = raw.slice(0, eq).trim().toLowerCase();
    let value = raw.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    params[name] = value;
  }
  return { type: type.trim().toLowerCase(), params };
}

export function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;
/** Longest delimiter line plus part headers taken: a body without them is refused, not held. */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * Splits a multipart/related body (RFC 2387, PS3.18 8.6.1.2) into its parts as its bytes arrive: `push`
 * gives the parts its chunk completed, `end` throws when the body stopped inside one. A part's bytes
 * are a view of the chunk they arrived in, or one copy when they span several.
 */
export class RelatedPartSplitter {
  private readonly queue = new ByteQueue();
  private readonly delimiter: Buffer;
  /** CRLF and the delimiter: what ends a part's bytes. */
  private readonly partEnd: Buffer;
  private state: 'preamble' | 'delimiter' | 'headers' | 'body' | 'closed' = 'preamble';
  private headers: Record<string, string> = {};
  /** How far the current part's bytes have been searched for its end. */
  private searched = 0;

  constructor(contentType: string) {
    const { type, params } = mediaTypeParameters(contentType);
    if (type !== 'multipart/related') throw new MultipartError('The body is not multipart/related.');
    const boundary = params.boundary;
    if (!boundary || boundary.length > 200) throw new MultipartError('The multipart boundary is missing.');
    this.delimiter = Buffer.from(`--${boundary}`);
    this.partEnd = Buffer.concat([CRLF, this.delimiter]);
  }

  push(chunk: Buffer): RelatedPart[] {
    if (this.state === 'closed') return []; // the epilogue
    this.queue.push(chunk);
    const parts: RelatedPart[] = [];
    while (this.step(parts));
    return parts;
  }

  end(): void {
    if (this.state === 'preamble')
      throw new MultipartError('The multipart boundary is not found in the body.');
    if (this.state === 'headers') throw new MultipartError('A multipart part has no header end.');
    if (this.state !== 'closed') throw new MultipartError('A multipart part is not closed.');
  }

  /** Moves on by one state when the bytes held allow it; false when it needs more. */
  private step(parts: RelatedPart[]): boolean {
    const q = this.queue;
    switch (this.state) {
      case 'preamble': {
        const at = q.indexOf(this.delimiter);
        if (at < 0) {
          // Only the preamble's tail can still begin the delimiter.
          q.skip(Math.max(0, q.length - this.delimiter.length + 1));
          return false;
        }
        q.skip(at + this.delimiter.length);
        this.state = 'delimiter';
        return true;
      }
      case 'delimiter': {
        // After a delimiter: `--` closes the body, else the rest of its line (transport padding) ends.
        if (q.length < 2) return false;
        if (q.at(0) === DASH && q.at(1) === DASH) {
          this.state = 'closed';
          q.skip(q.length);
          return false;
        }
        const lineEnd = this.headBounded(q.indexOf(CRLF));
        if (lineEnd < 0) return false;
        q.skip(lineEnd + CRLF.length);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        if (q.length < 2) return false;
        if (q.at(0) === 0x0d && q.at(1) === 0x0a) {
          this.headers = {};
          q.skip(CRLF.length);
        } else {
          const headersEnd = this.headBounded(q.indexOf(HEADER_END));
          if (headersEnd < 0) return false;
          this.headers = partHeaders(q.take(headersEnd).toString('latin1'));
          q.skip(HEADER_END.length);
        }
        this.state = 'body';
        this.searched = 0;
        return true;
      }
      case 'body': {
        const at = q.indexOf(this.partEnd, this.searched);
        if (at < 0) {
          this.searched = Math.max(0, q.length - this.partEnd.length + 1);
          return false;
        }
        parts.push({ headers: this.headers, body: q.take(at) });
        q.skip(this.partEnd.length);
        this.state = 'delimiter';
        return true;
      }
      case 'closed':
        return false;
    }
  }

  /** `at` when found; -1 to wait for more bytes, unless so many are held without it that it is refused. */
  private headBounded(at: number): number {
    if (at < 0 && this.queue.length > MAX_HEAD_BYTES)
      throw new MultipartError('A multipart part has no header end.');
    return at;
  }
}

/** The parts of a multipart/related body held whole, as views of it (no copy). */
export function parseMultipartRelated(body: Buffer, contentType: string): RelatedPart[] {
  const splitter = new RelatedPartSplitter(contentType);
  const parts = splitter.push(body);
  splitter.end();
  return parts;
}

/** The parts of a multipart/related body as its bytes arrive (a request's stream). */
export async function* readMultipartRelated(
  body: AsyncIterable<Buffer>,
  contentType: string,
): AsyncGenerator<RelatedPart> {
  const splitter = new RelatedPartSplitter(contentType);
  for await (const chunk of body) yield* splitter.push(chunk);
  splitter.end();
}

function partHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A fresh boundary: random, so it never occurs in the parts it separates. */
export const newBoundary = () => `voxa-${randomBytes(16).toString('hex')}`;

type OutPart = { body: Uint8Array; headers?: Record<string, string> };

function partHead(type: string, boundary: string, part: OutPart): Buffer {
  const headers = { 'Content-Type': type, ...part.headers };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return Buffer.from(`--${boundary}\r\n${lines.join('')}\r\n`);
}

function relatedType(type: string, boundary: string): string {
  return `multipart/related; type="${type.replace(/"/g, '')}"; boundary=${boundary}`;
}

/**
 * A multipart/related body of parts of one type, as pieces to send (no copy of the parts); with the
 * Content-Type header that names it.
 */
export function writeMultipartRelated(
  type: string,
  parts: Iterable<OutPart>,
  boundary = newBoundary(),
): { contentType: string; pieces: Uint8Array[] } {
  const pieces: Uint8Array[] = [];
  for (const part of parts) pieces.push(partHead(type, boundary, part), part.body, CRLF);
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: relatedType(type, boundary), pieces };
}

/** The same body streamed as its parts are produced (a series' files read one after another). */
export function streamMultipartRelated(
  type: string,
  parts: AsyncIterable<OutPart>,
  boundary = newBoundary(),
): { contentType: string; stream: AsyncGenerator<Uint8Array> } {
  async function* stream() {
    for await (const part of parts) {
      yield partHead(type, boundary, part);
      yield part.body;
      yield CRLF;
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: relatedType(type, boundary), stream: stream() };
}
