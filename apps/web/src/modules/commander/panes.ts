import type { CommanderItem } from '@voxa/contracts';

/** What one pane shows and where its cursor is; pure, so the keyboard rules are unit-tested. */
export interface PaneState {
  dir: string;
  cursor: number;
  selected: string[];
}

export const initialPane = (dir: string): PaneState => ({ dir, cursor: 0, selected: [] });

/** The folder above `dir` (the roots' list above a root). */
export function parentDir(dir: string): string {
  const cut = dir.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : dir.slice(0, cut);
}

export const joinPath = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/** The rows of a pane: `..` first below the top, then the items. */
export type Row = { kind: 'up' } | { kind: 'item'; item: CommanderItem };

export const rowsOf = (dir: string, items: CommanderItem[]): Row[] => [
  ...(dir === '/' ? [] : [{ kind: 'up' } as const]),
  ...items.map((item) => ({ kind: 'item', item }) as const),
];

export const moveCursor = (pane: PaneState, by: number, rows: number): PaneState => ({
  ...pane,
  cursor: Math.max(0, Math.min(rows - 1, pane.cursor + by)),
});

export function toggleSelected(pane: PaneState, path: string): PaneState {
  const selected = pane.selected.includes(path)
    ? pane.selected.filter((p) => p !== path)
    : [...pane.selected, path];
  return { ...pane, selected };
}

/** What an action works on: the selection, else the item under the cursor. */
export function targetsOf(pane: PaneState, rows: Row[]): string[] {
  if (pane.selected.length > 0) return pane.selected;
  const row = rows[pane.cursor];
  return row?.kind === 'item' ? [row.item.path] : [];
}

/** Enter on a row: into a folder, up on `..`; a file stays where it is. */
export function open(pane: PaneState, rows: Row[]): PaneState {
  const row = rows[pane.cursor];
  if (row?.kind === 'up') return initialPane(parentDir(pane.dir));
  if (row?.kind === 'item' && row.item.isDir) return initialPane(row.item.path);
  return pane;
}
