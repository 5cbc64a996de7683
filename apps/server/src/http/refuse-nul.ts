import { Stream } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/** Deepest nesting of arrays and objects accepted in a request; real bodies stay under ten levels. */
export const MAX_INPUT_DEPTH = 64;

const TOO_DEEP = `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

/**
 * The path of the first string holding a NUL character, which PostgreSQL text cannot store. Walks with
 * its own stack, so hostile nesting cannot overflow the call stack; deeper than MAX_INPUT_DEPTH is a 400.
 */
export function findNul(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
      continue;
    }
    // Only parsed text is walked: a raw body's bytes or stream are a file, not text (and walking them
    // byte by byte would take their size x 100).
    if (!isParsed(item)) continue;
    if (path.length >= MAX_INPUT_DEPTH) throw badRequest(TOO_DEEP);
    // Pushed in reverse so the first field is looked at first.
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** Parsed input (JSON, a query string, path parameters): not a raw body's bytes or stream. */
function isParsed(value: unknown): value is object {
  return !!value && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof Stream);
}

export const NUL_REFUSED = 'Text may not contain a NUL character.';

/**
 * Refuses input with a NUL anywhere (body, query, path), naming the field, with `status`: the JSON API
 * answers 422 as to every invalid field, DICOMweb 400 as PS3.18 answers a bad query.
 */
export function refuseNul(
  input: { body: unknown; query: unknown; params: unknown },
  status: 400 | 422,
): void {
  for (const [part, value] of Object.entries(input)) {
    const path = findNul(value);
    if (path) {
      const field = path.length ? path.join('.') : part;
      throw new HttpError(status, `${field}: ${NUL_REFUSED}`, { [field]: [NUL_REFUSED] });
    }
  }
}

/** The hook every host adds before validation: PostgreSQL text cannot hold U+0000, so no route sees one. */
export const nulRefusingHook =
  (status: 400 | 422) =>
  async (req: FastifyRequest): Promise<void> =>
    refuseNul({ body: req.body, query: req.query, params: req.params }, status);
