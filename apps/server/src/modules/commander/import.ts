import type { Body, CommanderImportResult, ServerStudy } from '@voxa/contracts';
import { serverStudyBody, UploadStudyBody, type api } from '@voxa/contracts';
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { inflatedKey } from '../../platform/storage/layout';
import type { InflatedFile } from '../archives/classify';
import { sortInflated } from '../archives/sort-job';
import { requestConversion } from '../conversion/convert-request';
import { finishUpload } from '../conversion/finish';
import { CONVERTING_STATUSES } from '../conversion/policy';
import { storeStudy } from '../conversion/store-study';
import { pseudonym } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import type { Operation } from './progress';
import { resolveFolder } from './resolve';
import { audited, commanderRoots, withOperation } from './service';
import { walk, type TreeEntry } from './tree';

type ImportBody = Body<typeof api.commander.import>;

/** How often, and how long, the import waits for its conversions before it settles the studies. */
const SETTLE_POLL_MS = 1000;
const SETTLE_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/** Places the folder's files in the session as an inflated archive would be: hard links, else copies. */
async function placeFiles(
  deps: Deps,
  root: string,
  folderName: string,
  entries: TreeEntry[],
  operation: Operation,
): Promise<InflatedFile[]> {
  const files: InflatedFile[] = [];
  for (const entry of entries) {
    const inside = entry.relative.split('/').slice(1).join('/');
    const target = path.join(root, folderName, ...inside.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await link(entry.real, target).catch(() => copyFile(entry.real, target));
    operation.advance(entry.size);
    files.push({ archive: folderName, inside, size: entry.size });
  }
  return files;
}

/** The page's study body for a sorted study, validated as the page's would be. */
function studyBody(deps: Deps, ctx: TeamContext, study: ServerStudy, index: number, anonymize: boolean) {
  const patientName = anonymize
    ? pseudonym(teamKey(deps.keys, ctx.team.id), study.originalPatientName)
    : study.originalPatientName;
  return UploadStudyBody.parse(
    serverStudyBody(study, index, { patientName, keepRefSerie: true, keepFileNames: true }),
  );
}

/** Stores each sorted study and queues its series' conversions from the session's files. */
async function storeAndConvert(
  deps: Deps,
  ctx: TeamContext,
  session: string,
  studies: ServerStudy[],
  anonymize: boolean,
) {
  const stored: CommanderImportResult['studies'] = [];
  for (const [index, study] of studies.entries()) {
    const body = studyBody(deps, ctx, study, index, anonymize);
    const saved = await storeStudy(deps, ctx, {
      study: body,
      studyInstanceUid: study.studyInstanceUid,
      bodyPart: null,
      labels: [],
      session_id: session,
      anonymize,
    });
    for (const [j, series] of study.series.entries()) {
      const remote = saved.series.find((r) => r.clientId === body.series[j]?.id);
      if (!remote) continue;
      await requestConversion(
        deps,
        ctx,
        { session },
        {
          studyClientId: body.id,
          studyRemoteId: saved.id,
          studyRemoteUuid: saved.uuid,
          serieClientUploadId: remote.clientId,
          serieRemoteId: remote.id,
          serieRemoteUuid: remote.uuid,
          type: series.type,
          location: 'server',
          files: series.files.map((f) => f.path),
          modalityCode: series.modalityCode,
          anonymize,
          idx: j,
        },
      );
    }
    stored.push({ uuid: saved.uuid, series: saved.series.length });
  }
  return stored;
}

/**
 * Ends the upload once no series of the import converts any more (upload-finished, as the page would
 * send it): the studies get their final status and the session's copies are removed. A restart before
 * then leaves it to the session expiry, which settles abandoned uploads.
 */
async function settleWhenConverted(deps: Deps, ctx: TeamContext, studyUuids: string[]): Promise<void> {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < until) {
    const open = await deps.db
      .selectFrom('series')
      .innerJoin('studies', 'studies.id', 'series.study_id')
      .select('series.status')
      .where('studies.uuid', 'in', studyUuids)
      .where('series.status', 'in', [...CONVERTING_STATUSES])
      .executeTakeFirst();
    if (!open) break;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
  await finishUpload(deps, ctx, { studies: studyUuids.map((studyUuid) => ({ studyUuid })) });
}

/**
 * Import (issue 17): the DICOM and NIfTI files of a commander folder go into the team's upload flow on
 * the server, the archive path with `location: 'server'`: a new upload session of the caller holds them
 * as an inflated archive would, the archives' sort reads and groups them, each study is stored and its
 * series converted. Nothing passes through a browser.
 */
export function importFolder(deps: Deps, ctx: TeamContext, body: ImportBody): Promise<CommanderImportResult> {
  return audited(deps, ctx, 'import', { dir: body.dir, anonymize: body.anonymize }, async () => {
    const folder = await resolveFolder(body.dir, commanderRoots(deps));
    if (folder.real === folder.realRoot) throw unprocessable('Choose a folder inside a commander folder.');
    const entries = (await walk(folder.real)).filter((e) => !e.isDir);
    if (entries.length === 0) throw unprocessable(`${JSON.stringify(body.dir)} holds no files.`);
    const session = randomUUID();
    const row = await deps.db
      .insertInto('upload_sessions')
      .values({ uuid: session, team_id: ctx.team.id, user_id: ctx.user.id, sort_status: 'sorting' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = { teamId: ctx.team.id, uuid: session };
    const root = await deps.storage.path(inflatedKey(ctx.team.id, session));
    const folderName = path.basename(folder.real);
    const total = entries.reduce((sum, e) => sum + e.size, 0);
    const files = await withOperation(deps, ctx, 'import', total, body.op, (operation) =>
      placeFiles(deps, root, folderName, entries, operation),
    );
    const archives = [{ name: folderName, files: files.length, error: null }];
    const metadata = await sortInflated(deps, s, { archives, files, root });
    await deps.db
      .updateTable('upload_sessions')
      .set({ sort_status: 'sorted', sort_attempt: 1 })
      .where('id', '=', row.id)
      .execute();
    const studies = [...metadata.studies, ...metadata.nifties];
    if (studies.length === 0)
      throw unprocessable(`${JSON.stringify(body.dir)} holds no DICOM or NIfTI study.`);
    const stored = await storeAndConvert(deps, ctx, session, studies, body.anonymize);
    void settleWhenConverted(
      deps,
      ctx,
      stored.map((st) => st.uuid),
    ).catch((error: unknown) =>
      deps.log.error({ err: error, session }, 'settling a commander import failed'),
    );
    return { session, files: files.length, studies: stored, skipped: metadata.skipped.length };
  });
}
