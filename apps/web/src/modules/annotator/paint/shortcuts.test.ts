import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor } from './shortcuts';

const press = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => shortcutFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcutFor', () => {
  it('picks a tool by its letter, in either case', () => {
    expect(press('b')).toEqual({ kind: 'tool', tool: 'brush' });
    expect(press('E')).toEqual({ kind: 'tool', tool: 'eraser' });
    expect(press('g')).toEqual({ kind: 'tool', tool: 'fill3d' });
    expect(press('v')).toEqual({ kind: 'tool', tool: null });
  });

  it('undoes, redoes and saves with Ctrl or Cmd', () => {
    expect(press('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(press('y', { metaKey: true })).toEqual({ kind: 'redo' });
    expect(press('s', { ctrlKey: true })).toEqual({ kind: 'save' });
  });

  it('steps the brush and opens the help', () => {
    expect(press('[')).toEqual({ kind: 'brush', stepMm: -0.5 });
    expect(press(']')).toEqual({ kind: 'brush', stepMm: 0.5 });
    expect(press('?', { shiftKey: true })).toEqual({ kind: 'help' });
  });

  it('leaves other keys, Alt and Ctrl with a tool letter to the browser', () => {
    expect(press('x')).toBeNull();
    expect(press('b', { altKey: true })).toBeNull();
    expect(press('b', { ctrlKey: true })).toBeNull();
  });

  it('lists every key it handles in the help', () => {
    const listed = SHORTCUTS.map((s) => s.keys).join(' ');
    for (const key of ['V', 'B', 'E', 'F', 'G', 'C', '[', ']', 'Ctrl+Z', 'Ctrl+S', '?'])
      expect(listed).toContain(key);
  });
});
