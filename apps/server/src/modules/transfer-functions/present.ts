import type { TransferFunction, TransferFunctionInput } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { TransferFunctionsTable } from '../../platform/db/schema';
import { iso } from '../common/time';

type Row = Selectable<TransferFunctionsTable> & { created_by_name: string | null };

/** A stored row as the API answers it: a window or a colour map, never both (the table's CHECK). */
export function presentTransferFunction(row: Row): TransferFunction {
  const shared = {
    id: row.id,
    name: row.name,
    modality: row.modality,
    built_in: row.team_id === null,
    created_by:
      row.created_by !== null && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  if (row.kind === 'window')
    return {
      ...shared,
      kind: 'window',
      window: { width: stored(row.window_width), center: stored(row.window_center) },
    };
  return { ...shared, kind: 'colormap', colormap: stored(row.colormap) };
}

/** The table's CHECK keeps a kind's columns filled; a null here is a broken database, not bad input. */
function stored<T>(value: T | null): T {
  if (value === null) throw new Error('A transfer function row lacks a column of its kind.');
  return value;
}

/** The columns an input writes; the other kind's columns are cleared, so a PUT may change the kind. */
export function storedFields(input: TransferFunctionInput) {
  const common = { name: input.name.trim(), modality: input.modality ?? null };
  if (input.kind === 'window')
    return {
      ...common,
      kind: 'window' as const,
      window_width: input.window.width,
      window_center: input.window.center,
      colormap: null,
    };
  return {
    ...common,
    kind: 'colormap' as const,
    window_width: null,
    window_center: null,
    colormap: JSON.stringify(input.colormap),
  };
}
