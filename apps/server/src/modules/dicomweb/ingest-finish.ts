import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { inflatedKey } from '../../platform/storage/layout';
import { finishUpload } from '../conversion/finish';
import { isSettled } from '../conversion/policy';
import { receiverContext } from '../dimse/receiver';
import { syncTeamIndex } from './index-series';
import { waitForConversions } from './read-your-writes';

/** What one ingest stored and queued: its upload session, studies, and the series converting. */
export interface ReceivedUpload {
  session: string;
  studyUuids: string[];
  seriesIds: number[];
}

/** How long the finish waits for the series; then the study settles with what has converted. */
const SETTLE_TIMEOUT_MS = 30 * 60_000;
const SETTLE_POLL_MS = 500;

async function unsettled(deps: Deps, seriesIds: number[]): Promise<number> {
  if (seriesIds.length === 0) return 0;
  const rows = await deps.db.selectFrom('series').select('status').where('id', 'in', seriesIds).execute();
  return rows.filter((r) => !isSettled(r.status)).length;
}

/**
 * Who hears how the upload ended: the storer, as after an upload; an API user's notifications reach
 * nobody (it never signs in), so a store by one is told to the team's receiver (the C-STORE SCP's).
 */
async function toldContext(deps: Deps, ctx: TeamContext): Promise<TeamContext> {
  if (ctx.apiUserId === null) return ctx;
  return (await receiverContext(deps.db, ctx.team.id)) ?? ctx;
}

async function finish(deps: Deps, ctx: TeamContext, upload: ReceivedUpload): Promise<void> {
  if (upload.studyUuids.length === 0) return deps.storage.remove(inflatedKey(ctx.team.id, upload.session));
  await waitForConversions(() => unsettled(deps, upload.seriesIds), SETTLE_TIMEOUT_MS, SETTLE_POLL_MS);
  // As upload-finished: each study settles, its uploader is notified (a failed series is reported there,
  // not in the store's answer), and the raw files go.
  const studies = upload.studyUuids.map((studyUuid) => ({ studyUuid }));
  const ended = await finishUpload(deps, await toldContext(deps, ctx), { studies });
  await syncTeamIndex(deps, ctx.team.id);
  const failed = ended.studies.filter((s) => s.status === 'error').length;
  if (failed > 0)
    deps.log.warn(
      { teamId: ctx.team.id, session: upload.session, failed },
      'received studies failed to convert',
    );
}

/**
 * Ends a received upload once its series have converted, in the background: the store has answered by
 * then. Should the process stop first, the session expiry job ends it as it ends an upload whose page
 * went away (modules/upload/expiry.ts).
 */
export function finishWhenConverted(deps: Deps, ctx: TeamContext, upload: ReceivedUpload): void {
  finish(deps, ctx, upload).catch((error: unknown) =>
    deps.log.error(
      { err: error, teamId: ctx.team.id, session: upload.session },
      'received upload not finished',
    ),
  );
}
