/**
 * Runs `task` on every item, `atOnce` at a time, so the file system's waits (reads, flushes, links) of
 * some overlap the work on others. Items may arrive as they are produced (an async iterable, such as the
 * parts of a request being received): one is taken only when a task is free, so no more than `atOnce`
 * are held. After a failure, the iterable's included, no further task starts and the iterable is closed;
 * it rejects with the first failure once the running tasks have settled, so nothing is left writing
 * behind the caller.
 */
export async function eachAtOnce<T>(
  items: Iterable<T> | AsyncIterable<T>,
  atOnce: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let next = 0;
  let failed = false;
  const run = async (): Promise<void> => {
    try {
      for (;;) {
        if (failed) return;
        const item = await source.next();
        if (item.done) return;
        await task(item.value, next++);
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const runners = Array.from({ length: atOnce }, run);
  const [failure] = (await Promise.allSettled(runners)).filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failure) {
    // Closing may fail too; the first failure is the one to report.
    await Promise.resolve(source.return?.()).catch(() => undefined);
    throw failure.reason;
  }
}
