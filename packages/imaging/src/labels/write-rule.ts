import { assertLabelValue, type LabelArray } from './label-volume';

/**
 * What an operation writes and over which existing values: `writable[old]` is 1 where a voxel holding
 * `old` may become `value`. One lookup a voxel, whatever the options.
 */
export interface WriteRule {
  value: number;
  writable: Uint8Array;
}

export interface PaintOptions {
  /** Paint only over background (0) and the active value: other segments stay as they are. */
  preserveOthers?: boolean;
  /** Values whose voxels never change (locked segments). */
  locked?: readonly number[];
}

export interface EraseOptions {
  /** Erase every value under the eraser, not only the active one. */
  eraseAny?: boolean;
  locked?: readonly number[];
}

function lookup(data: LabelArray): Uint8Array {
  return new Uint8Array(data instanceof Uint16Array ? 0x10000 : 0x100);
}

function lock(writable: Uint8Array, locked: readonly number[]): void {
  for (const v of locked) if (v >= 0 && v < writable.length) writable[v] = 0;
}

/** Painting `value`: over anything but locked values, or (preserveOthers) over 0 only. */
export function paintRule(data: LabelArray, value: number, options: PaintOptions = {}): WriteRule {
  assertLabelValue(data, value);
  const writable = lookup(data);
  if (options.preserveOthers) writable[0] = 1;
  else writable.fill(1);
  lock(writable, options.locked ?? []);
  // A voxel already holding the value is never rewritten, but fills must pass through it.
  writable[value] = 1;
  return { value, writable };
}

/** Erasing is painting 0 over the active value only, or (eraseAny) over every unlocked value. */
export function eraseRule(data: LabelArray, activeValue: number, options: EraseOptions = {}): WriteRule {
  assertLabelValue(data, activeValue);
  const writable = lookup(data);
  if (options.eraseAny) writable.fill(1);
  else writable[activeValue] = 1;
  lock(writable, options.locked ?? []);
  writable[0] = 1;
  return { value: 0, writable };
}
