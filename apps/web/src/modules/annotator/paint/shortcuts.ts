import type { PaintTool } from './maskEditor';

/** What a key does in the annotator's painting. */
export type ShortcutAction =
  | { kind: 'tool'; tool: PaintTool | null }
  | { kind: 'brush'; stepMm: number }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'save' }
  | { kind: 'help' };

type Key = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** The keys of the tools, as ITK-SNAP and Slicer users look for them (one letter each). */
const TOOL_KEYS: Record<string, PaintTool | null> = {
  v: null,
  b: 'brush',
  e: 'eraser',
  f: 'fill2d',
  g: 'fill3d',
  c: 'contour',
};
/** `[` and `]` shrink and grow the brush by this many millimetres. */
export const BRUSH_STEP_MM = 0.5;

/** The help panel's table, in the order it is read. */
export const SHORTCUTS: readonly { keys: string; what: string }[] = [
  { keys: 'V', what: 'View: the mouse moves the crosshair, windows or pans' },
  { keys: 'B', what: 'Brush' },
  { keys: 'E', what: 'Eraser' },
  { keys: 'F', what: 'Fill 2D (the slice)' },
  { keys: 'G', what: 'Fill 3D (the volume)' },
  { keys: 'C', what: 'Contour: fill a closed outline' },
  { keys: '[  ]', what: `Brush ${BRUSH_STEP_MM} mm smaller, larger` },
  { keys: 'Ctrl+Z', what: 'Undo' },
  { keys: 'Ctrl+Shift+Z, Ctrl+Y', what: 'Redo' },
  { keys: 'Ctrl+S', what: 'Save the mask' },
  { keys: '?', what: 'This help' },
  { keys: 'Wheel', what: 'Next or previous slice' },
  { keys: 'Right drag', what: 'Window (contrast)' },
  { keys: 'Middle drag', what: 'Pan' },
];

/** The action of a key press, or null for a key the annotator leaves alone. */
export function shortcutFor(event: Key): ShortcutAction | null {
  const key = event.key.toLowerCase();
  if (event.altKey) return null;
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return event.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (key === 'y') return { kind: 'redo' };
    if (key === 's') return { kind: 'save' };
    return null;
  }
  if (event.key === '?') return { kind: 'help' };
  if (event.key === '[') return { kind: 'brush', stepMm: -BRUSH_STEP_MM };
  if (event.key === ']') return { kind: 'brush', stepMm: BRUSH_STEP_MM };
  if (!event.shiftKey && key in TOOL_KEYS) return { kind: 'tool', tool: TOOL_KEYS[key] ?? null };
  return null;
}
