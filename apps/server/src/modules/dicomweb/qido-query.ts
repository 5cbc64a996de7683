import { KEYWORDS, MODALITIES_IN_STUDY } from './attributes';

/** The indexed column a QIDO-RS key matches (dicomweb_instances). */
export type MatchColumn =
  | 'study_uid'
  | 'series_uid'
  | 'sop_uid'
  | 'sop_class_uid'
  | 'patient_name'
  | 'patient_id'
  | 'accession_number'
  | 'study_description'
  | 'modality'
  | 'study_date'
  | 'series_number'
  | 'instance_number';

export type Filter =
  | { kind: 'uids'; column: MatchColumn; values: string[] }
  | { kind: 'equals'; column: MatchColumn; value: string; caseInsensitive: boolean }
  | { kind: 'like'; column: MatchColumn; pattern: string; caseInsensitive: boolean }
  | { kind: 'range'; column: MatchColumn; from: string | null; to: string | null }
  | { kind: 'integer'; column: MatchColumn; value: number }
  /** ModalitiesInStudy: the study has a series of one of these modalities. */
  | { kind: 'modalities'; values: string[] };

export interface QidoQuery {
  filters: Filter[];
  limit: number;
  offset: number;
  /** includefield=all */
  includeAll: boolean;
  /** Tags asked for besides the level's defaults. */
  includeFields: string[];
}

/** The most results one QIDO-RS answer carries (a client pages with offset past it). */
export const MAX_LIMIT = 1000;

const TEXT_COLUMNS: Record<string, { column: MatchColumn; kind: 'uid' | 'pn' | 'text' | 'date' | 'int' }> = {
  '0020000D': { column: 'study_uid', kind: 'uid' },
  '0020000E': { column: 'series_uid', kind: 'uid' },
  '00080018': { column: 'sop_uid', kind: 'uid' },
  '00080016': { column: 'sop_class_uid', kind: 'uid' },
  '00100010': { column: 'patient_name', kind: 'pn' },
  '00100020': { column: 'patient_id', kind: 'text' },
  '00080050': { column: 'accession_number', kind: 'text' },
  '00081030': { column: 'study_description', kind: 'text' },
  '00080060': { column: 'modality', kind: 'text' },
  '00080020': { column: 'study_date', kind: 'date' },
  '00200011': { column: 'series_number', kind: 'int' },
  '00200013': { column: 'instance_number', kind: 'int' },
};

/** A tag from a keyword or an 8-digit hex tag; null for neither. */
export function tagOf(key: string): string | null {
  if (/^[0-9a-fA-F]{8}$/.test(key)) return key.toUpperCase();
  return KEYWORDS[key] ?? null;
}

/** A DICOM wildcard value (`*`, `?`) as a SQL LIKE pattern, LIKE's own characters escaped. */
export function likePattern(value: string): string {
  return value
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

const DATE = /^\d{8}$/;

function dateFilter(column: MatchColumn, value: string): Filter | string {
  const dash = value.indexOf('-');
  if (dash < 0) return DATE.test(value) ? { kind: 'range', column, from: value, to: value } : badDate(value);
  const from = value.slice(0, dash) || null;
  const to = value.slice(dash + 1) || null;
  if ((from && !DATE.test(from)) || (to && !DATE.test(to)) || (!from && !to)) return badDate(value);
  return { kind: 'range', column, from, to };
}

const badDate = (value: string) => `Not a date or date range (YYYYMMDD[-YYYYMMDD]): ${value}`;

const listOf = (values: string[]) =>
  values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

function filterFor(tag: string, values: string[]): Filter | string | null {
  if (tag === MODALITIES_IN_STUDY) return { kind: 'modalities', values: listOf(values) };
  const spec = TEXT_COLUMNS[tag];
  if (!spec) return null;
  const { column, kind } = spec;
  if (kind === 'uid') return { kind: 'uids', column, values: listOf(values) };
  const value = values[values.length - 1] ?? '';
  if (value === '' || value === '*') return null; // universal matching
  if (kind === 'date') return dateFilter(column, value);
  if (kind === 'int') {
    const n = Number(value);
    return Number.isInteger(n) ? { kind: 'integer', column, value: n } : `Not an integer: ${value}`;
  }
  const caseInsensitive = kind === 'pn';
  if (/[*?]/.test(value)) return { kind: 'like', column, pattern: likePattern(value), caseInsensitive };
  return { kind: 'equals', column, value, caseInsensitive };
}

function count(value: string | undefined, name: string, fallback: number, max: number): number | string {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) return `${name} must be a whole number.`;
  return Math.min(n, max);
}

/**
 * A QIDO-RS query string (PS3.18 8.3.4) as filters: attribute matching by keyword or tag (single value,
 * wildcards `*` and `?`, date ranges, UID lists), limit and offset, includefield. Attributes Voxa does not
 * index are not matched (the answer says so in a Warning header). A malformed value answers a message.
 */
export function parseQido(
  query: Record<string, string | string[] | undefined>,
): { ok: true; query: QidoQuery; ignored: string[] } | { ok: false; message: string } {
  const filters: Filter[] = [];
  const ignored: string[] = [];
  const includeFields: string[] = [];
  let includeAll = false;
  for (const [key, raw] of Object.entries(query)) {
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (key === 'limit' || key === 'offset' || key === 'fuzzymatching') continue;
    if (key === 'includefield') {
      for (const field of listOf(values)) {
        if (field === 'all') includeAll = true;
        else {
          const tag = tagOf(field);
          if (!tag) return { ok: false, message: `Unknown includefield: ${field}` };
          includeFields.push(tag);
        }
      }
      continue;
    }
    const tag = tagOf(key);
    if (!tag) return { ok: false, message: `Unknown query key: ${key}` };
    const filter = filterFor(tag, values);
    if (typeof filter === 'string') return { ok: false, message: filter };
    if (filter) filters.push(filter);
    else if (!TEXT_COLUMNS[tag]) ignored.push(key);
  }
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
  const limit = count(one(query.limit), 'limit', MAX_LIMIT, MAX_LIMIT);
  if (typeof limit === 'string') return { ok: false, message: limit };
  const offset = count(one(query.offset), 'offset', 0, Number.MAX_SAFE_INTEGER);
  if (typeof offset === 'string') return { ok: false, message: offset };
  return { ok: true, query: { filters, limit, offset, includeAll, includeFields }, ignored };
}
