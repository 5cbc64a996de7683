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

/**
 * Collects changes while an operation writes. Blocks double in size up to 1 M entries and are never
 * copied while growing (a 3D fill may change millions of voxels); `finish` copies them once.
 */
export class ChangeRecorder {
  private readonly indexBlocks: Uint32Array[] = [];
  private readonly oldBlocks: LabelArray[] = [];
  private indices: Uint32Array;
  private oldValues: LabelArray;
  private length = 0;
  private total = 0;

  constructor(
    private readonly data: LabelArray,
    private readonly value: number,
  ) {
    this.indices = new Uint32Array(1024);
    this.oldValues = sameType(data, 1024);
  }

  /** Writes the value at `index` and remembers what was there; the caller checked it differs. */
  write(index: number, old: number): void {
    if (this.length === this.indices.length) this.nextBlock();
    this.indices[this.length] = index;
    this.oldValues[this.length] = old;
    this.length++;
    this.data[index] = this.value;
  }

  finish(): ChangeRecord {
    const count = this.total + this.length;
    const indices = new Uint32Array(count);
    const oldValues = sameType(this.data, count);
    let offset = 0;
    this.indexBlocks.forEach((block, k) => {
      indices.set(block, offset);
      oldValues.set(this.oldBlocks[k]!, offset);
      offset += block.length;
    });
    indices.set(this.indices.subarray(0, this.length), offset);
    oldValues.set(this.oldValues.subarray(0, this.length), offset);
    return { indices, oldValues, newValue: this.value };
  }

  private nextBlock(): void {
    this.indexBlocks.push(this.indices);
    this.oldBlocks.push(this.oldValues);
    this.total += this.length;
    const size = Math.min(this.indices.length * 2, 1 << 20);
    this.indices = new Uint32Array(size);
    this.oldValues = sameType(this.data, size);
    this.length = 0;
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
