import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { serverStudyBody, type ConvertSeriesBody } from '@voxa/contracts';
import { pixelDataCutShort, readDicomHeader, studiesFromHeaders, type DicomEntry } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { eachAtOnce } from '../../platform/concurrency/each-at-once';
import type { StorageKey } from '../../platform/storage';
import { inflatedKey, sessionKey } from '../../platform/storage/layout';
import { sortedMetadata } from '../archives/metadata';
import { writeMetadata } from '../archives/metadata-store';
import { requestConversion } from '../conversion/convert-request';
import { storeStudy } from '../conversion/store-study';
import { pseudonym, remapUid } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { finishWhenConverted } from './ingest-finish';
import { servedUids, type ServedUids } from './served-uids';

/** Failure reasons of PS3.18 Table 10.5.3-2 (STOW-RS). */
export const FAILURE = {
  /** The instance could not be read or stored (not DICOM, no image, conversion failed). */
  processing: 0x0110,
  cannotUnderstand: 0xc000,
} as const;

export interface StoredInstance extends ServedUids {
  sopClassUid: string;
}

export interface FailedInstance {
  sopClassUid: string;
  /** As received. */
  sopInstanceUid: string;
  reason: number;
}

/** An instance to store: its bytes, and where it already lies flushed in storage when it does. */
export interface IncomingInstance {
  bytes: Uint8Array;
  /** Linked into the session instead of written again (a C-STORE's staged file). */
  stored?: StorageKey;
  /** The file's size when `bytes` is only its header (a `stored` file, not read whole). */
  size?: number;
}

export interface IngestOutcome {
  /** Stored and queued for conversion, under the UIDs they will be served under. */
  stored: StoredInstance[];
  failed: FailedInstance[];
}

/**
 * Received files written at once, and so the most held while the next ones arrive (one after another
 * took 2–6x longer; 8 and 32 did no better than 16 in bench:dicomweb here).
 */
const WRITES_AT_ONCE = 16;

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

/**
 * Why any store refuses an instance, whatever the team (unreadable, cut short inside its pixel data, or
 * without the UIDs it would be served under): STOW-RS answers it in the failed SOP sequence, C-STORE as
 * its failure status. Null: kept.
 */
export const refusal = (bytes: Uint8Array, size = bytes.length) =>
  refusalOf(readDicomHeader(bytes, { inflateRaw }), bytes, size);

function refusalOf(
  header: ReturnType<typeof readDicomHeader>,
  bytes: Uint8Array,
  size: number,
): number | null {
  const named = header.ok && servedUids(header.header, null) !== null;
  return named && !pixelDataCutShort(bytes, size) ? null : FAILURE.cannotUnderstand;
}

/** A received instance to keep: its UIDs as received and as served, its grouping entry. */
interface Received {
  uids: Omit<FailedInstance, 'reason'>;
  served: StoredInstance;
  entry: DicomEntry;
}

/**
 * Reads an instance's header: what can be kept (by its neutral path) or what fails at once,
 * unreadable or without its UIDs (0xC000), or of another study than a store to /studies/{study} names.
 */
function readReceived(
  { bytes, size = bytes.length }: IncomingInstance,
  path: string,
  remap: ((uid: string) => string) | null,
  study: string | undefined,
): Received | FailedInstance {
  const header = readDicomHeader(bytes, { inflateRaw });
  const uids = header.ok
    ? { sopClassUid: header.header.sopClassUid ?? '', sopInstanceUid: header.header.sopInstanceUid ?? '' }
    : { sopClassUid: '', sopInstanceUid: '' };
  const served = header.ok ? servedUids(header.header, remap) : null;
  if (!header.ok || !served || refusalOf(header, bytes, size) !== null)
    return { ...uids, reason: FAILURE.cannotUnderstand };
  // A store to /studies/{study} takes that study's instances only (PS3.18 10.5.1).
  if (study !== undefined && header.header.studyInstanceUid !== study)
    return { ...uids, reason: FAILURE.processing };
  const entry = {
    file: { name: path.split('/')[1] ?? path, size, path },
    header: header.header,
  };
  return { uids, served: { sopClassUid: uids.sopClassUid, ...served }, entry };
}

/** Removes what a store that failed part way wrote: its files and its session. */
async function discardSession(deps: Deps, ctx: TeamContext, session: string): Promise<void> {
  await deps.storage.remove(sessionKey(ctx.team.id, session));
  await deps.db.deleteFrom('upload_sessions').where('uuid', '=', session).execute();
}

/**
 * Stores received DICOM instances in the team as an upload does (the entry point of STOW-RS, and of any
 * other receiver such as a C-STORE SCP): the instances become an upload session's files, are grouped into
 * studies and series as the upload page groups them, stored with the team's anonymisation setting and
 * queued for conversion by the same job (which de-identifies the kept DICOM). The instances may arrive
 * as they are received (a request's parts): each is written as soon as it has arrived, a few at once, so
 * the writing overlaps the receiving and no more than those few are held. If they stop coming with an
 * error (a malformed or cut body), what was written goes and the error is thrown: nothing is stored.
 * Answers once they are stored and queued (decision 0066), each under the UIDs it will be served under,
 * or failed; with `study`, instances of another study fail. The session ends as an upload ends once the
 * series have converted (`finishWhenConverted`, in the background); reads wait for them meanwhile
 * (read-your-writes.ts).
 */
export async function ingestInstances(
  deps: Deps,
  ctx: TeamContext,
  instances: Iterable<IncomingInstance> | AsyncIterable<IncomingInstance>,
  options: { study?: string } = {},
): Promise<IngestOutcome> {
  const team = await deps.db
    .selectFrom('teams')
    .select('dicom_anonymize')
    .where('id', '=', ctx.team.id)
    .executeTakeFirstOrThrow();
  const anonymize = team.dicom_anonymize;
  const key = teamKey(deps.keys, ctx.team.id);
  const remap = anonymize ? (uid: string) => remapUid(key, uid) : null;

  const received = new Map<string, Received>();
  const failed: FailedInstance[] = [];
  // Opened with the first instance kept.
  let opening: Promise<string> | undefined;
  try {
    // Each file flushed before the answer says stored; several at once, so their flushes overlap.
    await eachAtOnce(instances, WRITES_AT_ONCE, async (incoming, index) => {
      const { bytes, stored } = incoming;
      const path = neutralPath(index);
      const instance = readReceived(incoming, path, remap, options.study);
      if ('reason' in instance) return void failed.push(instance);
      received.set(path, instance);
      opening ??= openSession(deps, ctx);
      const target = [...inflatedKey(ctx.team.id, await opening), ...path.split('/')];
      await (stored ? deps.storage.link(stored, target) : deps.storage.writeAtomic(target, bytes));
    });
  } catch (error) {
    const opened = await opening?.catch(() => undefined);
    if (opened) await discardSession(deps, ctx, opened);
    throw error;
  }
  if (!opening) return { stored: [], failed };
  const session = await opening;
  const entries = [...received.values()].map((r) => r.entry);
  const metadata = sortedMetadata([], studiesFromHeaders(entries, [], { withoutPixels: true }), []);
  await writeMetadata(deps.storage, ctx.team.id, session, metadata);

  const seriesIds: number[] = [];
  const studyUuids: string[] = [];
  const taken = new Set<string>();
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
      for (const f of series.files) taken.add(f.path);
      seriesIds.push(remote.id);
    }
  }
  finishWhenConverted(deps, ctx, { session, studyUuids, seriesIds });
  const outcome: IngestOutcome = { stored: [], failed };
  for (const [path, instance] of received)
    // Every instance makes a series, images or not (decision 0091): one no series took is not kept.
    if (taken.has(path)) outcome.stored.push(instance.served);
    else failed.push({ ...instance.uids, reason: FAILURE.processing });
  return outcome;
}
