import { notifications } from '@mantine/notifications';
import { UNSUPPORTED_FILE_MESSAGE, type FileRef } from '@voxa/imaging';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PickedFile } from './ingest/collectFiles';
import { createIngestSession, emptySnapshot, type IngestSession } from './ingest/ingestSession';
import { createIngestPool } from './ingest/workerPool';

/** The upload's ingest: workers start with the first drop and end with `reset` or the app layout. */
export function useIngest() {
  const [snapshot, setSnapshot] = useState(emptySnapshot);
  const session = useRef<IngestSession | null>(null);
  const dispose = useCallback(() => {
    session.current?.dispose();
    session.current = null;
  }, []);
  useEffect(() => dispose, [dispose]);
  const add = useCallback((picked: PickedFile[]) => {
    if (picked.length === 0) return;
    session.current ??= createIngestSession(createIngestPool(), setSnapshot);
    const { unsupported } = session.current.add(picked);
    // Once per drop, however many files of the drop are unsupported.
    if (unsupported > 0) notifications.show({ color: 'red', message: UNSUPPORTED_FILE_MESSAGE });
  }, []);
  // Stable for the page's life: preview caches are keyed by it.
  const fileOf = useCallback((ref: FileRef) => session.current?.fileOf(ref), []);
  /** A new upload: files, counters and studies start from nothing. */
  const reset = useCallback(() => {
    dispose();
    setSnapshot(emptySnapshot());
  }, [dispose]);
  return { snapshot, add, fileOf, reset };
}
