import type { CommanderItem } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialPane,
  joinPath,
  moveCursor,
  open,
  parentDir,
  rowsOf,
  targetsOf,
  toggleSelected,
} from './panes';

const item = (path: string, isDir: boolean): CommanderItem => ({
  path,
  basename: path.split('/').at(-1) ?? '',
  filename: '',
  extension: '',
  isFile: !isDir,
  isDir,
  size: 0,
  sizePretty: '0 Bytes',
  modified: '2026-01-01T00:00:00.000Z',
});

describe('panes', () => {
  const rows = rowsOf('/import', [item('/import/a', true), item('/import/b.dcm', false)]);

  it('walks up and joins paths', () => {
    expect(parentDir('/import/a/b')).toBe('/import/a');
    expect(parentDir('/import')).toBe('/');
    expect(parentDir('/')).toBe('/');
    expect(joinPath('/', 'import')).toBe('/import');
    expect(joinPath('/import', 'x')).toBe('/import/x');
  });

  it('has .. below the top only', () => {
    expect(rows[0]).toEqual({ kind: 'up' });
    expect(rowsOf('/', [])).toEqual([]);
  });

  it('keeps the cursor on a row', () => {
    expect(moveCursor(initialPane('/import'), -1, 3).cursor).toBe(0);
    expect(moveCursor({ ...initialPane('/import'), cursor: 2 }, 5, 3).cursor).toBe(2);
  });

  it('opens folders and .., not files', () => {
    expect(open({ ...initialPane('/import'), cursor: 1 }, rows).dir).toBe('/import/a');
    expect(open({ ...initialPane('/import'), cursor: 0 }, rows).dir).toBe('/');
    expect(open({ ...initialPane('/import'), cursor: 2 }, rows).dir).toBe('/import');
  });

  it('acts on the selection, else on the cursor', () => {
    const pane = { ...initialPane('/import'), cursor: 2 };
    expect(targetsOf(pane, rows)).toEqual(['/import/b.dcm']);
    expect(targetsOf({ ...pane, cursor: 0 }, rows)).toEqual([]);
    const selected = toggleSelected(toggleSelected(pane, '/import/a'), '/import/b.dcm');
    expect(targetsOf(selected, rows)).toEqual(['/import/a', '/import/b.dcm']);
    expect(toggleSelected(selected, '/import/a').selected).toEqual(['/import/b.dcm']);
  });
});
