/** Files read (and headers parsed) per step, with a progress report after each (spec section 9, V2). */
export const READ_GROUP_SIZE = 50;
/** Bytes of one upload queue batch (spec section 9, V2: about 250 MB). */
export const QUEUE_BATCH_BYTES = 262_144_000;

/** Consecutive groups of at most `size` items, in input order; the last one may be shorter. */
export function readGroups<T>(items: readonly T[], size = READ_GROUP_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`group size must be a positive integer: ${size}`);
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

/**
 * Queue batches of about `maxBytes`, in input order: a file joins the current batch while the batch
 * stays within `maxBytes`; a file larger than `maxBytes` is a batch of its own.
 */
export function queueBatches<T extends { size: number }>(
  files: readonly T[],
  maxBytes = QUEUE_BATCH_BYTES,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && bytes + file.size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
