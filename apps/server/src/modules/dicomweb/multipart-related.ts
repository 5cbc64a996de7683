import { randomBytes } from 'node:crypto';

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

function splitOutsideQuotes(text: string, separator: string): string[] {
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

/**
 * The parts of a multipart/related body (RFC 2387, PS3.18 8.6.1.2): each part's headers and bytes, the
 * bytes as views of `body` (no copy). Throws MultipartError on a body without the boundary or whose parts
 * are not closed.
 */
export function parseMultipartRelated(body: Buffer, contentType: string): RelatedPart[] {
  const { type, params } = mediaTypeParameters(contentType);
  if (type !== 'multipart/related') throw new MultipartError('The body is not multipart/related.');
  const boundary = params.boundary;
  if (!boundary || boundary.length > 200) throw new MultipartError('The multipart boundary is missing.');
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('The multipart boundary is not found in the body.');
  const parts: RelatedPart[] = [];
  for (;;) {
    at += delimiter.length;
    // The closing delimiter ends the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0) throw new MultipartError('A multipart part is not closed.');
    const headersEnd = body.indexOf(HEADER_END, lineEnd);
    const headerStart = lineEnd + CRLF.length;
    const emptyHeaders = body[headerStart] === 0x0d && body[headerStart + 1] === 0x0a;
    const contentStart = emptyHeaders ? headerStart + CRLF.length : headersEnd + HEADER_END.length;
    if (!emptyHeaders && headersEnd < 0) throw new MultipartError('A multipart part has no header end.');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), contentStart);
    if (next < 0) throw new MultipartError('A multipart part is not closed.');
    const headerText = emptyHeaders ? '' : body.subarray(headerStart, headersEnd).toString('latin1');
    parts.push({ headers: partHeaders(headerText), body: body.subarray(contentStart, next) });
    at = next + CRLF.length;
  }
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
