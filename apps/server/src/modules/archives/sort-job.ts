import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { InflatedArchive } from '@voxa/contracts';
import { classifyFile, studiesFromHeaders } from '@voxa/imaging';
import { relativeKey } from '../../platform/storage';
import { classifyInflated, classifyLoose, type InflatedFile, type SkippedPath } from './classify';
import { archiveKind, inflateArchive } from './inflate';
import { inflatedKey, storedFileKey, storedFilesKey } from '../../platform/storage/layout';
import { sortedMetadata, type SortedMetadata } from './metadata';
import { writeMetadata } from './metadata-store';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './policy';
import { readHeaders } from './read-headers';
import type { ArchiveDeps } from './service';

interface SortingSession {
  id: number;
  uuid: string;
  teamId: number;
  userId: number;
}

/**
 * The session's complete uploaded files, archives apart: what the V2 page calls 'compressed' (zip,
 * `*nii.gz`) and the V1 page's RAR and tar.gz; the others were sent as they are.
 */
async function filesOf(deps: ArchiveDeps, sessionId: number) {
  const files = await deps.db
    .selectFrom('upload_files')
    .select(['name', 'size'])
    .where('session_id', '=', sessionId)
    .where('completed_at', 'is not', null)
    .orderBy('id')
    .execute();
  const isArchive = (f: { name: string; size: number }) =>
    archiveKind(f.name) !== null ||
    classifyFile({ name: path.basename(f.name), size: f.size }) === 'compressed';
  const all = files.map((f) => ({ name: f.name, size: Number(f.size) }));
  return { archives: all.filter(isArchive).map((f) => f.name), loose: all.filter((f) => !isArchive(f)) };
}

/**
 * The files sent as they are that cannot be read as DICOM or NIfTI, with the reason: the page reads the
 * others itself (V1's series), but a file nobody can read must not vanish from the sort's answer.
 */
async function unreadableLoose(
  deps: ArchiveDeps,
  s: SortingSession,
  loose: { name: string; size: number }[],
  limits: ArchiveLimits,
): Promise<SkippedPath[]> {
  if (loose.length === 0) return [];
  const root = await deps.storage.path(storedFilesKey(s.teamId, s.uuid));
  const headers = await readHeaders(root, classifyLoose(loose), limits, deps.config.UPLOAD_MAX_FILE_BYTES);
  // A header read but no image in it (no pixel data, no UIDs) cannot join a series either.
  const grouped = studiesFromHeaders(headers.dicom, []).skipped;
  return [
    ...headers.skipped,
    ...grouped.map((g) => ({ path: g.file.path ?? g.file.name, reason: g.reason })),
  ];
}

/** Inflates each archive in turn, telling the owner of each (upload:server:inflation:one). */
async function inflateAll(deps: ArchiveDeps, s: SortingSession, archives: string[], limits: ArchiveLimits) {
  const root = inflatedKey(s.teamId, s.uuid);
  await deps.storage.remove(root);
  const inflated: InflatedArchive[] = [];
  const files: InflatedFile[] = [];
  for (const name of archives) {
    const source = await deps.storage.path(storedFileKey(s.teamId, s.uuid, relativeKey(name)));
    const destination = await deps.storage.path([...root, ...relativeKey(name)]);
    let result: InflatedArchive;
    try {
      const inside = await inflateArchive(source, name, destination, limits);
      for (const p of inside)
        files.push({ archive: name, inside: p, size: (await stat(path.join(destination, p))).size });
      result = { name, files: inside.length, error: null };
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      result = { name, files: 0, error: error.message };
    }
    inflated.push(result);
    deps.realtime.toUser(s.userId, 'upload:server:inflation:one', { session: s.uuid, ...result });
  }
  return { archives: inflated, files, root: await deps.storage.path(root) };
}

/**
 * Reads the headers of a session's inflated files, groups them as the page does and writes
 * `metadata.json`; shared by the archives' sort and the file commander's import (files placed, not inflated).
 */
export async function sortInflated(
  deps: Pick<ArchiveDeps, 'storage' | 'config'>,
  s: { teamId: number; uuid: string },
  inflated: { archives: InflatedArchive[]; files: InflatedFile[]; root: string },
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  unreadable: SkippedPath[] = [],
): Promise<SortedMetadata> {
  const maxInflated = deps.config.UPLOAD_MAX_FILE_BYTES;
  const headers = await readHeaders(inflated.root, classifyInflated(inflated.files), limits, maxInflated);
  const metadata = sortedMetadata(inflated.archives, studiesFromHeaders(headers.dicom, headers.nifti), [
    ...headers.skipped,
    ...unreadable,
  ]);
  await writeMetadata(deps.storage, s.teamId, s.uuid, metadata);
  return metadata;
}

async function finish(
  deps: ArchiveDeps,
  s: SortingSession,
  status: 'sorted' | 'error',
  error: string | null,
) {
  await deps.db
    .updateTable('upload_sessions')
    .set({ sort_status: status, sort_error: error })
    .where('id', '=', s.id)
    .execute();
}

/**
 * The `sort-session` job: inflates the session's archives into `inflated/`, reads every header, groups
 * them as the page does, adds the files sent as they are that cannot be read to `skipped`, writes `metadata.json`, then tells the owner (upload:server:inflated:all).
 * Idempotent: it starts from an empty `inflated/` each time, and does nothing unless the session is
 * sorting. A failure other than a refused archive ends the sort in error rather than leaving it sorting.
 */
export async function sortSessionJob(
  deps: ArchiveDeps,
  { sessionId }: { sessionId: number },
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<void> {
  const row = await deps.db
    .selectFrom('upload_sessions')
    .select(['id', 'uuid', 'team_id', 'user_id', 'sort_status'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.sort_status !== 'sorting') return;
  const s: SortingSession = { id: row.id, uuid: row.uuid, teamId: row.team_id, userId: row.user_id };
  let counts = { studies: 0, nifties: 0 };
  try {
    const session = await filesOf(deps, s.id);
    const { archives, files, root } = await inflateAll(deps, s, session.archives, limits);
    const unreadable = await unreadableLoose(deps, s, session.loose, limits);
    const metadata = await sortInflated(deps, s, { archives, files, root }, limits, unreadable);
    await finish(deps, s, 'sorted', null);
    counts = { studies: metadata.studies.length, nifties: metadata.nifties.length };
  } catch (error) {
    deps.log.error({ err: error, session: s.uuid }, 'sorting the archives failed');
    await finish(
      deps,
      s,
      'error',
      `Sorting the archives failed: ${(error as Error).message ?? String(error)}`,
    );
    deps.realtime.toUser(s.userId, 'upload:server:inflated:all', {
      session: s.uuid,
      status: 'error',
      ...counts,
    });
    return;
  }
  deps.realtime.toUser(s.userId, 'upload:server:inflated:all', {
    session: s.uuid,
    status: 'sorted',
    ...counts,
  });
}
