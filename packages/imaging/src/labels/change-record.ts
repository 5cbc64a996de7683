import type { LabelArray } from './label-volume';

/**
 * What one operation changed: the voxels (linear indices, each once), the value each held before, and
 * the one value they all hold after. Enough to undo and redo, and to tell a viewer which voxels to redraw.
 */
export interface ChangeRecord {
  indices: Uint32Array;
  oldValues: LabelArray;
  newValue: number;
}

/** Collects changes while an operation writes, growing by doubling (a 3D fill may change millions). */
export class ChangeRecorder {
  private indices: Uint32Array;
  private oldValues: LabelArray;
  private length = 0;

  constructor(
    private readonly data: LabelArray,
    private readonly value: number,
    capacity = 1024,
  ) {
    this.indices = new Uint32Array(capacity);
    this.oldValues = sameType(data, capacity);
  }

  /** Writes the value at `index` and remembers what was there; the caller checked it differs. */
  write(index: number, old: number): void {
    if (this.length === this.indices.length) this.grow();
    this.indices[this.length] = index;
    this.oldValues[this.length] = old;
    this.length++;
    this.data[index] = this.value;
  }

  finish(): ChangeRecord {
    return {
      indices: this.indices.slice(0, this.length),
      oldValues: this.oldValues.slice(0, this.length),
      newValue: this.value,
    };
  }

  private grow(): void {
    const indices = new Uint32Array(this.indices.length * 2);
    indices.set(this.indices);
    const oldValues = sameType(this.data, indices.length);
    oldValues.set(this.oldValues);
    this.indices = indices;
    this.oldValues = oldValues;
  }
}

function sameType(data: LabelArray, length: number): LabelArray {
  return data instanceof Uint16Array ? new Uint16Array(length) : new Uint8Array(length);
}

export function emptyChange(data: LabelArray, newValue: number): ChangeRecord {
  return { indices: new Uint32Array(0), oldValues: sameType(data, 0), newValue };
}

/** Redo: every recorded voxel takes the new value again. */
export function applyChange(data: LabelArray, change: ChangeRecord): void {
  const { indices, newValue } = change;
  for (let k = 0; k < indices.length; k++) data[indices[k]!] = newValue;
}

/** Undo: every recorded voxel takes back its old value; backwards, so a voxel listed twice ends as it began. */
export function revertChange(data: LabelArray, change: ChangeRecord): void {
  const { indices, oldValues } = change;
  for (let k = indices.length - 1; k >= 0; k--) data[indices[k]!] = oldValues[k]!;
}

export function changeBytes(change: ChangeRecord): number {
  return change.indices.byteLength + change.oldValues.byteLength;
}

/**
 * One record for consecutive records of one value, such as the segments of a brush stroke, so the
 * stroke undoes as one step. Kept in order: undo walks it backwards.
 */
export function mergeChanges(changes: readonly ChangeRecord[]): ChangeRecord {
  const first = changes[0];
  if (!first) throw new RangeError('nothing to merge');
  if (changes.some((c) => c.newValue !== first.newValue)) throw new RangeError('changes of different values');
  const length = changes.reduce((n, c) => n + c.indices.length, 0);
  const indices = new Uint32Array(length);
  const oldValues = first.oldValues instanceof Uint16Array ? new Uint16Array(length) : new Uint8Array(length);
  let offset = 0;
  for (const c of changes) {
    indices.set(c.indices, offset);
    oldValues.set(c.oldValues, offset);
    offset += c.indices.length;
  }
  return { indices, oldValues, newValue: first.newValue };
}
