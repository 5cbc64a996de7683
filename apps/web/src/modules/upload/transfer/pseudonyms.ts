import * as api from '@voxa/contracts/areas';
import type { call as apiCall } from '../../../lib/api';

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * The team pseudonym of each original patient name, in the order given, asked of the server in one call
 * (the name goes base64 in the body, never in a URL). Both upload pages store an anonymised study under
 * it, never under the name the files carry.
 */
export async function teamPseudonyms(
  call: typeof apiCall,
  originalNames: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  if (originalNames.length === 0) return [];
  const { a } = await call(api.anonymise.pseudonyms, {
    body: { s: originalNames.map((name, i) => ({ id: String(i), n: base64(name) })) },
    signal,
  });
  const byId = new Map(a.map(({ id, n }) => [id, n]));
  return originalNames.map((_, i) => {
    const name = byId.get(String(i));
    // Never fall back to the original: a study without its pseudonym is not stored.
    if (name === undefined) throw new Error('The server gave no pseudonym for a patient name.');
    return name;
  });
}
