import type { JobPayload } from '@voxa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { relativeKey } from '../../platform/storage';
import { deidentifiedFileKey, storedFileKey } from '../../platform/storage/layout';
import { teamReplacements } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { eachAtOnce } from './each-at-once';
import { deidentifyFile } from './series-dicom';

/**
 * Files de-identified at once: two, so a read or flush overlaps another's de-identification while the
 * upload it runs beside keeps most of libuv's four threads for its own writes and flushes.
 */
const FILES_AT_ONCE = 2;

/** A NIfTI the page sends (its upload names keep the extension): stored as it came, never a DICOM copy. */
const NIFTI_NAME = /\.nii(\.gz)?$/i;

/**
 * The `deidentify-files` job: de-identified copies of files just stored in an upload session that has an
 * anonymised study, written beside them (`deidentified/{fileRowId}.dcm`) while the upload goes on, so
 * the series' conversion moves them in instead of de-identifying after its last file (decision 0070).
 * Only a head start: a file it skips (gzipped, not DICOM, the session gone) is de-identified by the
 * conversion as before, which also reports what cannot be. Idempotent: a rerun writes the same copies
 * again (a check for each first would cost every file more than the rare rerun saves).
 */
export async function deidentifyFilesJob(deps: Deps, job: JobPayload<'deidentify-files'>): Promise<void> {
  const files = await deps.db
    .selectFrom('upload_files')
    .innerJoin('upload_sessions', 'upload_sessions.id', 'upload_files.session_id')
    .select(['upload_files.id', 'upload_files.name', 'upload_sessions.team_id as teamId'])
    .where('upload_sessions.uuid', '=', job.session)
    .where('upload_sessions.expired_at', 'is', null)
    .where('upload_files.id', 'in', job.files)
    .where('upload_files.completed_at', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studies')
          .select('studies.id')
          .whereRef('studies.upload_id', '=', 'upload_sessions.id')
          .where(sql<boolean>`studies.data->>'anonymize' = 'true'`),
      ),
    )
    .execute();
  const [first] = files;
  if (!first) return;
  const replacements = teamReplacements(teamKey(deps.keys, first.teamId));
  const dicom = files.filter((f) => !NIFTI_NAME.test(f.name));
  await eachAtOnce(dicom, FILES_AT_ONCE, async (file) => {
    const original = storedFileKey(file.teamId, job.session, relativeKey(file.name));
    const copy = deidentifiedFileKey(file.teamId, job.session, file.id);
    // A file that cannot be de-identified is left to the conversion, which reports it on its series.
    const written = await deidentifyFile(deps, replacements, original, copy).then(
      () => true,
      () => false,
    );
    // The session's files went meanwhile (finished or expired): nothing of it may stay behind.
    if (written && (await deps.storage.size(original)) === null) await deps.storage.remove(copy);
  });
}
