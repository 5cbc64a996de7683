/**
 * Runs `task` on every item, `atOnce` at a time, so the file system's waits (reads, flushes, links) of
 * some overlap the work on others. After a failure no further task starts; it rejects with the first
 * failure once the running tasks have settled, so nothing is left writing behind the caller.
 */
export async function eachAtOnce<T>(
  items: readonly T[],
  atOnce: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const run = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      await task(items[index] as T, index).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  const runners = Array.from({ length: Math.min(atOnce, items.length) }, run);
  const [failure] = (await Promise.allSettled(runners)).filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failure) throw failure.reason;
}
