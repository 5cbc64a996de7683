import { INDEXED_VR, KEYWORDS, MODALITIES_IN_STUDY } from './attributes';

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
  | 'instance_number'
  /** An indexed attribute no column keeps, matched in the instance's stored attributes (its tag). */
  | `attr:${string}`;

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

const TEXT_COLUMNS: Record<string, { column: MatchColumn; kind: MatchKind }> = {
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
const TIME = /^\d{2,6}(\.\d{1,6})?$/;

/** A single value or a range `from-to` (either side open) of dates or times. */
function rangeFilter(column: MatchColumn, value: string, form: RegExp, bad: string): Filter | string {
  const dash = value.indexOf('-');
  if (dash < 0) return form.test(value) ? { kind: 'range', column, from: value, to: value } : bad;
  const from = value.slice(0, dash) || null;
  const to = value.slice(dash + 1) || null;
  if ((from && !form.test(from)) || (to && !form.test(to)) || (!from && !to)) return bad;
  return { kind: 'range', column, from, to };
}

const badDate = (value: string) => `Not a date or date range (YYYYMMDD[-YYYYMMDD]): ${value}`;
const badTime = (value: string) => `Not a time or time range (HHMMSS[-HHMMSS]): ${value}`;

type MatchKind = 'uid' | 'pn' | 'text' | 'date' | 'time' | 'int';

/** How a stored attribute of this VR is matched. */
const KIND_OF_VR: Record<string, MatchKind> = {
  UI: 'uid',
  PN: 'pn',
  DA: 'date',
  TM: 'time',
  IS: 'int',
  US: 'int',
};

/** Where a key is matched: its column, else the stored attribute; null when neither keeps it. */
function targetOf(tag: string): { column: MatchColumn; kind: MatchKind } | null {
  const indexed = TEXT_COLUMNS[tag];
  if (indexed) return indexed;
  const vr = INDEXED_VR[tag];
  return vr ? { column: `attr:${tag}`, kind: KIND_OF_VR[vr] ?? 'text' } : null;
}

const listOf = (values: string[]) =>
  values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** The filter of one key; null for universal matching (an empty value or `*`), a message when malformed. */
function filterFor(tag: string, values: string[]): Filter | string | null {
  if (tag === MODALITIES_IN_STUDY) {
    const modalities = listOf(values);
    return modalities.length > 0 ? { kind: 'modalities', values: modalities } : null;
  }
  const target = targetOf(tag);
  if (!target) return `Not matched: ${tag} is not an attribute this server keeps.`;
  const { column, kind } = target;
  if (kind === 'uid') {
    const uids = listOf(values);
    return uids.length > 0 ? { kind: 'uids', column, values: uids } : null;
  }
  const value = values[values.length - 1] ?? '';
  if (value === '' || value === '*') return null;
  if (kind === 'date') return rangeFilter(column, value, DATE, badDate(value));
  if (kind === 'time') return rangeFilter(column, value, TIME, badTime(value));
  if (kind === 'int') {
    const n = Number(value);
    if (!/^[+-]?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) return `Not an integer: ${value}`;
    // A stored attribute is JSON text: its number compares as the text JSON writes.
    return column.startsWith('attr:')
      ? { kind: 'equals', column, value: String(n), caseInsensitive: false }
      : { kind: 'integer', column, value: n };
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
 * wildcards `*` and `?`, date and time ranges, UID lists), limit and offset, includefield. A key with an
 * empty value or `*` matches every entity and is answered (PS3.4 C.2.2.2.3). A key the server keeps no
 * value of is refused rather than ignored, as is a malformed value: both answer a message.
 */
export function parseQido(
  query: Record<string, string | string[] | undefined>,
): { ok: true; query: QidoQuery } | { ok: false; message: string } {
  const filters: Filter[] = [];
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
    else includeFields.push(tag);
  }
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
  const limit = count(one(query.limit), 'limit', MAX_LIMIT, MAX_LIMIT);
  if (typeof limit === 'string') return { ok: false, message: limit };
  const offset = count(one(query.offset), 'offset', 0, Number.MAX_SAFE_INTEGER);
  if (typeof offset === 'string') return { ok: false, message: offset };
  return { ok: true, query: { filters, limit, offset, includeAll, includeFields } };
}
