import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { serverStudyBody, type ConvertSeriesBody } from '@voxa/contracts';
import { readDicomHeader, studiesFromHeaders, type DicomEntry } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { inflatedKey } from '../../platform/storage/layout';
import { sortedMetadata } from '../archives/metadata';
import { writeMetadata } from '../archives/metadata-store';
import { requestConversion } from '../conversion/convert-request';
import { finishUpload } from '../conversion/finish';
import { isSettled } from '../conversion/policy';
import { storeStudy } from '../conversion/store-study';
import { pseudonym, remapUid } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { syncTeamIndex } from './index-series';

/** Failure reasons of PS3.18 Table 10.5.3-2 (STOW-RS). */
export const FAILURE = {
  /** The instance could not be read or stored (not DICOM, no image, conversion failed). */
  processing: 0x0110,
  cannotUnderstand: 0xc000,
} as const;

export interface StoredInstance {
  sopClassUid: string;
  /** As stored: remapped within the team when the team anonymises. */
  sopInstanceUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
}

export interface FailedInstance {
  sopClassUid: string;
  /** As received. */
  sopInstanceUid: string;
  reason: number;
}

export interface IngestOutcome {
  stored: StoredInstance[];
  failed: FailedInstance[];
}

/** How long an ingest waits for its series to convert before answering what is stored by then. */
const SETTLE_TIMEOUT_MS = 30 * 60_000;
const SETTLE_POLL_MS = 200;

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));
const neutralPath = (index: number) => `received/${String(index + 1).padStart(6, '0')}.dcm`;

/** Opens a server-side upload session whose "archive" is the received instances, sorted already. */
async function openSession(deps: Deps, ctx: TeamContext): Promise<string> {
  const uuid = randomUUID();
  await deps.db
    .insertInto('upload_sessions')
    .values({ uuid, team_id: ctx.team.id, user_id: ctx.user.id, sort_status: 'sorted', sort_attempt: 1 })
    .execute();
  return uuid;
}

async function waitUntilSettled(deps: Deps, seriesIds: number[]): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (seriesIds.length > 0 && Date.now() < deadline) {
    const rows = await deps.db.selectFrom('series').select('status').where('id', 'in', seriesIds).execute();
    if (rows.every((r) => isSettled(r.status))) return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/**
 * Stores received DICOM instances in the team as an upload does (the entry point of STOW-RS, and of any
 * other receiver such as a C-STORE SCP): the instances become an upload session's files, are grouped into
 * studies and series as the upload page groups them, stored with the team's anonymisation setting, and
 * converted by the same job (which de-identifies the kept DICOM); the session ends as an upload ends.
 * Answers once the series are converted, with each instance stored (under its stored UIDs) or failed;
 * with `study`, instances of another study fail.
 */
export async function ingestInstances(
  deps: Deps,
  ctx: TeamContext,
  instances: Uint8Array[],
  options: { study?: string } = {},
): Promise<IngestOutcome> {
  const team = await deps.db
    .selectFrom('teams')
    .select('dicom_anonymize')
    .where('id', '=', ctx.team.id)
    .executeTakeFirstOrThrow();
  const anonymize = team.dicom_anonymize;
  const key = teamKey(deps.keys, ctx.team.id);
  const stored = (uid: string) => (anonymize ? remapUid(key, uid) : uid);

  const failed: FailedInstance[] = [];
  const entries: DicomEntry[] = [];
  const received = new Map<string, { sopClassUid: string; sopInstanceUid: string }>();
  for (const [index, bytes] of instances.entries()) {
    const header = readDicomHeader(bytes, { inflateRaw });
    const uids = header.ok
      ? { sopClassUid: header.header.sopClassUid ?? '', sopInstanceUid: header.header.sopInstanceUid ?? '' }
      : { sopClassUid: '', sopInstanceUid: '' };
    if (!header.ok || !uids.sopInstanceUid) {
      failed.push({ ...uids, reason: FAILURE.cannotUnderstand });
      continue;
    }
    // A store to /studies/{study} takes that study's instances only (PS3.18 10.5.1).
    if (options.study !== undefined && header.header.studyInstanceUid !== options.study) {
      failed.push({ ...uids, reason: FAILURE.processing });
      continue;
    }
    const path = neutralPath(index);
    received.set(path, uids);
    entries.push({
      file: { name: path.split('/')[1] ?? path, size: bytes.length, path },
      header: header.header,
    });
  }
  if (entries.length === 0) return { stored: [], failed };

  const session = await openSession(deps, ctx);
  const root = inflatedKey(ctx.team.id, session);
  for (const [index, bytes] of instances.entries())
    if (received.has(neutralPath(index)))
      await deps.storage.writeAtomic([...root, ...neutralPath(index).split('/')], bytes);
  const metadata = sortedMetadata([], studiesFromHeaders(entries, []), []);
  await writeMetadata(deps.storage, ctx.team.id, session, metadata);

  const seriesIds: number[] = [];
  const studyUuids: string[] = [];
  for (const [index, study] of metadata.studies.entries()) {
    const name = anonymize ? pseudonym(key, study.originalPatientName) : study.patientName;
    const created = await storeStudy(deps, ctx, {
      study: serverStudyBody(study, index, { patientName: name, keepRefSerie: false, keepFileNames: false }),
      studyInstanceUid: study.studyInstanceUid,
      bodyPart: null,
      labels: [],
      session_id: session,
      anonymize,
    });
    studyUuids.push(created.uuid);
    for (const [idx, series] of study.series.entries()) {
      const remote = created.series.find((r) => r.clientId === `${index + 1}/${idx + 1}`);
      if (!remote) continue;
      const body: ConvertSeriesBody = {
        studyClientId: String(index + 1),
        studyRemoteId: created.id,
        studyRemoteUuid: created.uuid,
        serieClientUploadId: `${index + 1}/${idx + 1}`,
        serieRemoteId: remote.id,
        serieRemoteUuid: remote.uuid,
        type: 'dcm',
        location: 'server',
        files: series.files.map((f) => f.path),
        modalityCode: series.modalityCode,
        anonymize,
        idx,
      };
      await requestConversion(deps, ctx, { session }, body);
      seriesIds.push(remote.id);
    }
  }
  await waitUntilSettled(deps, seriesIds);
  if (studyUuids.length > 0)
    await finishUpload(deps, ctx, { studies: studyUuids.map((studyUuid) => ({ studyUuid })) });
  else await deps.storage.remove(inflatedKey(ctx.team.id, session));
  await syncTeamIndex(deps, ctx.team.id);

  const indexed = seriesIds.length
    ? await deps.db
        .selectFrom('dicomweb_instances')
        .select(['sop_uid', 'study_uid', 'series_uid'])
        .where('series_id', 'in', seriesIds)
        .execute()
    : [];
  const bySop = new Map(indexed.map((r) => [r.sop_uid, r]));
  const outcome: IngestOutcome = { stored: [], failed };
  for (const uids of received.values()) {
    const row = bySop.get(stored(uids.sopInstanceUid));
    if (row)
      outcome.stored.push({
        sopClassUid: uids.sopClassUid,
        sopInstanceUid: row.sop_uid,
        studyInstanceUid: row.study_uid,
        seriesInstanceUid: row.series_uid,
      });
    else outcome.failed.push({ ...uids, reason: FAILURE.processing });
  }
  return outcome;
}
