import { unprocessable } from './errors';

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses input with a NUL anywhere (body, query, path), naming the field, for every endpoint. */
export function refuseNul(input: { body: unknown; query: unknown; params: unknown }): void {
  for (const [part, value] of Object.entries(input)) {
    const path = findNul(value);
    if (path) {
      const field = path.length ? path.join('.') : part;
      throw unprocessable(`${field}: Text may not contain a NUL character.`, {
        [field]: ['Text may not contain a NUL character.'],
      });
    }
  }
}
