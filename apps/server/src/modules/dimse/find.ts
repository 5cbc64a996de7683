import dcmjs from 'dcmjs';
import type { Db } from '../../platform/db';
import type { JsonDataset } from '../dicomweb/dicom-json';
import { searchInstances, searchSeries, searchStudies } from '../dicomweb/qido';
import { MAX_LIMIT, parseQido, type QidoQuery } from '../dicomweb/qido-query';

/** The Query/Retrieve levels served (PS3.4 C.3): no PATIENT level. */
export type QrLevel = 'STUDY' | 'SERIES' | 'IMAGE';

const LEVELS: readonly string[] = ['STUDY', 'SERIES', 'IMAGE'];

/** A C-FIND, C-MOVE or C-GET identifier (dcmjs-dimse's naturalized dataset). */
export type Identifier = Record<string, unknown>;

/** An identifier's value as text: a PN's alphabetic group, a multi-valued attribute's values by `\`. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join('\\');
  if (typeof value === 'object')
    return 'Alphabetic' in value ? textOf((value as { Alphabetic: unknown }).Alphabetic) : '';
  return String(value as string | number).trim();
}

export type FindRequest =
  { ok: true; level: QrLevel; query: QidoQuery; returnKeys: string[] } | { ok: false; message: string };

/**
 * A C-FIND identifier as a QIDO-RS query (one matching for both, qido-query.ts): each key with a value is
 * matched (`\` separates a UID list, as `,` does in QIDO-RS); every key, valued or not, is returned.
 */
export function findRequest(identifier: Identifier): FindRequest {
  const level = textOf(identifier.QueryRetrieveLevel).toUpperCase();
  if (!LEVELS.includes(level))
    return { ok: false, message: `Query/Retrieve level not supported: ${level || '(none)'}` };
  const keys: Record<string, string> = { includefield: 'all' };
  const returnKeys: string[] = [];
  for (const [keyword, value] of Object.entries(identifier)) {
    if (keyword === 'QueryRetrieveLevel' || keyword.startsWith('_')) continue;
    returnKeys.push(keyword);
    const text = textOf(value);
    // Empty: universal matching (PS3.4 C.2.2.2.3), a key only to return.
    if (text !== '' && keyword !== 'SpecificCharacterSet') keys[keyword] = text.replaceAll('\\', ',');
  }
  const parsed = parseQido(keys);
  // A key QIDO-RS cannot match is refused there, never ignored (decision 0088).
  if (!parsed.ok) return parsed;
  return { ok: true, level: level as QrLevel, query: parsed.query, returnKeys };
}

const SEARCH = { STUDY: searchStudies, SERIES: searchSeries, IMAGE: searchInstances } as const;

/** The level's unique key, always answered (PS3.4 C.4.1.2.1). */
const UNIQUE_KEY: Record<QrLevel, string> = {
  STUDY: 'StudyInstanceUID',
  SERIES: 'SeriesInstanceUID',
  IMAGE: 'SOPInstanceUID',
};

/**
 * The team's matches of a C-FIND, each as the identifier it answers: the keys asked for, with their
 * values (empty where the instance has none), the level and the team's AE title to retrieve from.
 */
export async function findMatches(
  db: Db,
  teamId: number,
  request: Extract<FindRequest, { ok: true }>,
  aeTitle: string,
): Promise<Identifier[]> {
  const { level, query, returnKeys } = request;
  const keys = new Set([...returnKeys, UNIQUE_KEY[level]]);
  keys.delete('RetrieveAETitle');
  const out: Identifier[] = [];
  // Every match (QIDO-RS pages by MAX_LIMIT; a C-FIND answers all of them).
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const page = await SEARCH[level](db, teamId, { ...query, offset, limit: MAX_LIMIT }, '');
    for (const match of page) {
      const natural = dcmjs.data.DicomMetaDictionary.naturalizeDataset(match as JsonDataset);
      const answer: Identifier = { QueryRetrieveLevel: level, RetrieveAETitle: aeTitle };
      for (const key of keys) answer[key] = natural[key] ?? '';
      out.push(answer);
    }
    if (page.length < MAX_LIMIT) return out;
  }
}
