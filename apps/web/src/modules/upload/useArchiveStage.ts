import { notifications } from '@mantine/notifications';
import type { FileRef } from '@voxa/imaging';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import { call } from '../../lib/api';
import type { IngestSnapshot } from './ingest/ingestSession';
import type { UploadPageState } from './state/model';
import type { UploadAction } from './state/reducer';
import { archiveEvents } from './transfer/archiveEvents';
import { browserConnection } from './transfer/browserConnection';
import { runArchives } from './transfer/runArchives';
import type { SkippedFile } from './transfer/skippedFiles';

/** What the page shows in zip_uploading and zip_preview_processing. */
export interface ArchiveStatus {
  /** Percent of the archives' bytes stored. */
  uploaded: number;
  /** Archives inflated (or refused) on the server so far, of `total`. */
  read: number;
  total: number;
  /** The archives' files the server could not read, with their reasons, once read. */
  skipped: readonly SkippedFile[];
}

const NO_ARCHIVES: ArchiveStatus = { uploaded: 0, read: 0, total: 0, skipped: [] };

/**
 * Runs the archive states once Next meets archives among the files: they are uploaded, read on the
 * server, and their studies join the page (or, failing that, the page goes on without them). Each
 * refused archive gets a danger toast with the server's reason; the files it could not read are listed in the status.
 */
export function useArchiveStage(
  page: UploadPageState,
  snapshot: IngestSnapshot,
  fileOf: (ref: FileRef) => File | undefined,
  dispatch: Dispatch<UploadAction>,
): ArchiveStatus {
  const socket = useSocket();
  const [status, setStatus] = useState(NO_ARCHIVES);
  const started = useRef(false);
  const zipping = page.state === 'zip_uploading';

  // Cleared back to ready (the close button), a new upload may hold archives again.
  const ready = page.state === 'ready';
  useEffect(() => {
    if (ready) started.current = false;
  }, [ready]);

  useEffect(() => {
    if (!zipping || started.current) return;
    started.current = true;
    const archives = snapshot.files.flatMap((f) => (f.kind === 'compressed' ? (fileOf(f.ref) ?? []) : []));
    setStatus({ ...NO_ARCHIVES, total: archives.length });
    const sortEvents = socket
      ? archiveEvents(socket)
      : () => ({ ended: new Promise<void>(() => {}), stop: () => {} });
    runArchives(
      archives,
      {
        sessionOpened: (session) => dispatch({ type: 'archiveSessionOpened', session }),
        uploading: (uploaded) => setStatus((s) => ({ ...s, uploaded })),
        uploaded: () => dispatch({ type: 'archivesUploaded' }),
        archiveRead: () => setStatus((s) => ({ ...s, read: s.read + 1 })),
      },
      { call, connection: browserConnection(), sortEvents },
    ).then(
      ({ studies, failed, skipped }) => {
        for (const archive of failed)
          notifications.show({ color: 'red', title: archive.name, message: archive.error });
        setStatus((s) => ({ ...s, skipped }));
        dispatch({ type: 'serverStudiesRead', studies });
      },
      (error: unknown) => {
        notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
        dispatch({ type: 'archivesFailed' });
      },
    );
  }, [zipping, snapshot.files, fileOf, socket, dispatch]);

  return status;
}
