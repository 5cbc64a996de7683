import type { Deps } from '../../deps';
import type { SeriesStatus } from '@voxa/contracts';
import { notifyUploadEnded, settleStudy, type UploadedStudy } from '../conversion/finish';
import { scheduleEvery } from '../../platform/queue/schedule';
import { sessionKey } from '../../platform/storage/layout';
import { noSeriesConverting } from './settled-files';

/** Sessions expired in one run at most; the next run takes the rest. */
const BATCH = 100;

/**
 * The `expire-upload-sessions` job: a session nobody has named for UPLOAD_SESSION_TTL_HOURS loses its raw
 * files (uploads, inflated archives, their metadata: possibly identifiable) and its file rows; its studies
 * still waiting end as upload-finished would end them. A session with a series converting is left alone.
 * Answers how many sessions expired.
 */
export async function expireUploadSessions(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'realtime'>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.UPLOAD_SESSION_TTL_HOURS * 3_600_000);
  const stale = await deps.db
    .selectFrom('upload_sessions')
    .select(['id', 'uuid', 'team_id'])
    .where('expired_at', 'is', null)
    .where('touched_at', '<', cutoff)
    .where(noSeriesConverting)
    .orderBy('touched_at')
    .limit(BATCH)
    .execute();
  for (const session of stale) {
    await deps.storage.remove(sessionKey(session.team_id, session.uuid));
    const ended: { study: UploadedStudy; series: SeriesStatus[] }[] = [];
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('upload_files').where('session_id', '=', session.id).execute();
      const studies = await trx
        .selectFrom('studies')
        .select(['id', 'uuid', 'team_id', 'user_id'])
        .where('upload_id', '=', session.id)
        .where('status', 'in', ['uploading', 'converting'])
        .execute();
      for (const study of studies) {
        await trx
          .updateTable('series')
          .set({ status: 'error', updated_at: now })
          .where('study_id', '=', study.id)
          .where('status', 'in', ['uploading', 'uploaded'])
          .execute();
        ended.push({ study, series: (await settleStudy(trx, study.id, now)).series });
      }
      await trx
        .updateTable('upload_sessions')
        .set({ expired_at: now })
        .where('id', '=', session.id)
        .execute();
    });
    // Told once the transaction holds: a rolled-back expiry tells nobody.
    for (const { study, series } of ended) await notifyUploadEnded(deps, study, series);
  }
  return stale.length;
}

/** Queues the expiry at start and then every hour (once an hour between processes sharing a queue). */
export function scheduleSessionExpiry(queue: Deps['queue'], everyMs = 3_600_000): () => void {
  return scheduleEvery(queue, 'expire-upload-sessions', everyMs);
}
