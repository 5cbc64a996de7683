import { applyChange, changeBytes, revertChange, type ChangeRecord } from './change-record';
import type { LabelArray } from './label-volume';

export interface UndoStackOptions {
  /** Steps kept (the oldest go first). */
  depth?: number;
  /** Bytes of change records kept; the newest step stays even when it alone is larger. */
  maxBytes?: number;
}

export const DEFAULT_UNDO_DEPTH = 100;
export const DEFAULT_UNDO_BYTES = 256 * 1024 * 1024;

/**
 * Undo and redo of one mask's operations. Operations change the mask themselves and hand their record
 * here; undo and redo change the mask back and forth and return the record, so a viewer redraws only
 * those voxels. A new step after an undo drops what could have been redone.
 */
export class UndoStack {
  private readonly done: ChangeRecord[] = [];
  private undone: ChangeRecord[] = [];
  private readonly depth: number;
  private readonly maxBytes: number;
  private doneBytes = 0;

  constructor(options: UndoStackOptions = {}) {
    this.depth = Math.max(1, options.depth ?? DEFAULT_UNDO_DEPTH);
    this.maxBytes = options.maxBytes ?? DEFAULT_UNDO_BYTES;
  }

  /** Records an operation already applied to the mask; one that changed nothing is not a step. */
  push(change: ChangeRecord): void {
    if (change.indices.length === 0) return;
    this.undone = [];
    this.done.push(change);
    this.doneBytes += changeBytes(change);
    while (this.done.length > 1 && (this.done.length > this.depth || this.doneBytes > this.maxBytes)) {
      this.doneBytes -= changeBytes(this.done.shift()!);
    }
  }

  undo(data: LabelArray): ChangeRecord | undefined {
    const change = this.done.pop();
    if (!change) return undefined;
    this.doneBytes -= changeBytes(change);
    revertChange(data, change);
    this.undone.push(change);
    return change;
  }

  redo(data: LabelArray): ChangeRecord | undefined {
    const change = this.undone.pop();
    if (!change) return undefined;
    applyChange(data, change);
    this.done.push(change);
    this.doneBytes += changeBytes(change);
    return change;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Memory held by undo and redo steps. */
  get bytes(): number {
    return this.doneBytes + this.undone.reduce((n, c) => n + changeBytes(c), 0);
  }

  /** After a save that reloads the mask, or a switch to another segmentation. */
  clear(): void {
    this.done.length = 0;
    this.undone = [];
    this.doneBytes = 0;
  }
}
