import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Filter } from './qido-query';

/** A filter on one column (ModalitiesInStudy is matched by each search its own way). */
export type ColumnFilter = Exclude<Filter, { kind: 'modalities' }>;

/**
 * How a case-insensitive wildcard match is written: `ilike`, or `lower()` on both sides so that an index
 * on lower(column) serves a prefix.
 */
export type CaseInsensitiveLike = 'ilike' | 'lower';

/**
 * The QIDO-RS match of one filter on its column of the table searched (dicomweb_instances, or the study
 * rows of dicomweb_studies), the column given as the caller's reference to it.
 */
export function qidoCondition<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  column: Expression<string | number | null>,
  f: ColumnFilter,
  caseInsensitiveLike: CaseInsensitiveLike,
): Expression<SqlBool> {
  switch (f.kind) {
    case 'uids':
      return eb(column, 'in', f.values);
    case 'equals':
      return f.caseInsensitive
        ? eb(eb.fn('lower', [column]), '=', f.value.toLowerCase())
        : eb(column, '=', f.value);
    case 'like':
      if (!f.caseInsensitive) return eb(column, 'like', f.pattern);
      return caseInsensitiveLike === 'ilike'
        ? eb(column, 'ilike', f.pattern)
        : eb(eb.fn('lower', [column]), 'like', f.pattern.toLowerCase());
    case 'integer':
      return eb(column, '=', f.value);
    case 'range':
      return eb.and([
        ...(f.from ? [eb(column, '>=', f.from)] : []),
        ...(f.to ? [eb(column, '<=', f.to)] : []),
        eb(column, '!=', ''),
      ]);
  }
}
