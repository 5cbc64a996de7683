import * as api from '@voxa/contracts/areas';
import { type InflatedArchive, type UploadedMetadata } from '@voxa/contracts';
import type { UploadStudy } from '@voxa/imaging';
import type { call as apiCall } from '../../../lib/api';
import type { TransferConnection } from './transferClient';
import { uploadFiles, type TransferFile } from './uploader';

/** Between two looks at the metadata while no inflated:all event has come (a socket may drop). */
const SORT_POLL_MS = 3000;

export interface ArchiveServices {
  call: typeof apiCall;
  connection: TransferConnection;
  /**
   * Listens, from the call on, for upload:server:inflated:all of the session (`ended`) and hands each
   * upload:server:inflation:one to `onArchive`, until `stop`.
   */
  sortEvents(session: string, onArchive: (archive: InflatedArchive) => void): SortEvents;
  signal?: AbortSignal;
}

export interface SortEvents {
  ended: Promise<void>;
  stop(): void;
}

export interface ArchiveProgress {
  sessionOpened(session: string): void;
  /** Percent of the archives' bytes stored. */
  uploading(percent: number): void;
  uploaded(): void;
  /** One archive inflated on the server, or refused (error set). */
  archiveRead(archive: InflatedArchive): void;
}

export interface ArchiveOutcome {
  studies: UploadStudy[];
  /** Archives that could not be uploaded or were refused on the server, with the reason. */
  failed: InflatedArchive[];
  /** Files of the archives the server could not read, with the reason. */
  skipped: UploadedMetadata['skipped'];
}

const ARCHIVES = 'archives';
const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * Neutral names in the session (`1.zip`): the server shows files as `{archive}/{path inside}`, and an
 * archive's own name may carry the patient's. The spec's `*nii.gz` kind keeps its suffix, which is how
 * the server tells it from a zip.
 */
function archiveUploadName(index: number, name: string): string {
  return name.toLowerCase().endsWith('.zip') ? `${index + 1}.zip` : `${index + 1}_nii.gz`;
}

/** The metadata once the sort has ended: told by the event, or seen by looking every few seconds. */
async function sorted(session: string, services: ArchiveServices, ended: Promise<void>) {
  let done = false;
  void ended.then(() => (done = true));
  const look = () =>
    services.call(api.archives.uploadedMetadata, { query: { session }, signal: services.signal });
  for (;;) {
    const metadata: UploadedMetadata = await look();
    if (metadata.status !== 'sorting' && metadata.status !== 'none') return metadata;
    if (services.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    await Promise.race([ended, delay(SORT_POLL_MS, services.signal)]);
    if (done) return look();
  }
}

/**
 * zip_uploading and zip_preview_processing (section 4, V2): the archives go to a new session in resumable
 * chunks, the server inflates and reads them, and the studies it found are answered, to join the dropped
 * files' studies. Archives refused on the server are reported; the others still count.
 */
export async function runArchives(
  archives: File[],
  progress: ArchiveProgress,
  services: ArchiveServices,
): Promise<ArchiveOutcome> {
  const { session } = await services.call(api.upload.prepare, {
    body: { prepare: true },
    signal: services.signal,
  });
  progress.sessionOpened(session);
  const files: TransferFile[] = archives.map((file, index) => ({
    file,
    path: archiveUploadName(index, file.name),
    lastModified: file.lastModified,
    seriesId: ARCHIVES,
  }));
  const originalNames = new Map(files.map((f, index) => [f.path, archives[index]?.name ?? f.path]));
  const originalName = (uploaded: string) => originalNames.get(uploaded) ?? uploaded;
  const sent = await uploadFiles(files, {
    session,
    connection: services.connection,
    signal: services.signal,
    onProgress: (event) => {
      if (event.type === 'series') progress.uploading(event.uploadProgress);
    },
  });
  progress.uploaded();
  const failed: InflatedArchive[] = sent.files
    .filter((outcome) => outcome.status !== 'done')
    .map((outcome) => ({
      name: originalName(outcome.path),
      files: 0,
      error: outcome.error ?? 'The archive could not be uploaded.',
    }));
  if (failed.length === archives.length) return { studies: [], failed, skipped: [] };

  const events = services.sortEvents(session, (archive) =>
    progress.archiveRead({ ...archive, name: originalName(archive.name) }),
  );
  let metadata: UploadedMetadata;
  try {
    await services.call(api.archives.sortImages, { body: { session }, signal: services.signal });
    metadata = await sorted(session, services, events.ended);
  } finally {
    events.stop();
  }
  if (metadata.status === 'error') throw new Error(metadata.error ?? 'The archives could not be read.');
  for (const archive of metadata.archives)
    if (archive.error) failed.push({ ...archive, name: originalName(archive.name) });
  return { studies: [...metadata.studies, ...metadata.nifties], failed, skipped: metadata.skipped };
}
