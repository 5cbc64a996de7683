import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeStudyId, type SeriesStatus } from '@voxa/contracts';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessionWithFile, type Caller } from '../../../test/upload-calls';
import { expireUploadSessions } from './expiry';
import { SESSION_EXPIRED } from './service';

let t: TestApp;
let team: TestTeam;
let owner: TestUser;
let who: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  who = { token: owner.token, team: team.slug };
}, 180_000);
afterAll(async () => t.close());

const HOUR = 3_600_000;
const folderOf = (session: string) =>
  path.join(t.config.DATA_DIR, 'teams', String(team.id), 'uploads', session);

const studyOfSession = async (sessionId: number, statuses: SeriesStatus[]) => {
  const study = await buildStudy(t, team, { uploadId: sessionId, user: owner });
  await t.db.updateTable('studies').set({ status: 'uploading' }).where('id', '=', study.id).execute();
  for (const status of statuses) await buildSeries(t, team, study, { status, uploadId: sessionId });
  return study;
};

describe('expiry of abandoned upload sessions', () => {
  it('removes the raw files of a session untouched for the TTL, ends its waiting studies, answers 410 after', async () => {
    const abandoned = await sessionWithFile(t, who);
    const live = await sessionWithFile(t, who);
    const study = await studyOfSession(abandoned.id, ['done', 'uploaded', 'skipped']);
    expect(existsSync(folderOf(abandoned.session))).toBe(true);

    const later = new Date(Date.now() + (t.config.UPLOAD_SESSION_TTL_HOURS + 1) * HOUR);
    await t.db.updateTable('upload_sessions').set({ touched_at: later }).where('id', '=', live.id).execute();
    expect(await expireUploadSessions(t.app.deps, later)).toBe(1);

    expect(existsSync(folderOf(abandoned.session))).toBe(false);
    expect(existsSync(folderOf(live.session))).toBe(true);
    const files = await t.db
      .selectFrom('upload_files')
      .select('id')
      .where('session_id', '=', abandoned.id)
      .execute();
    expect(files).toEqual([]);
    const series = await t.db
      .selectFrom('series')
      .select('status')
      .where('study_id', '=', study.id)
      .orderBy('id')
      .execute();
    expect(series.map((s) => s.status)).toEqual(['done', 'error', 'skipped']);
    const stored = await t.db
      .selectFrom('studies')
      .select('status')
      .where('id', '=', study.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('converted');
    // The uploader hears how it ended, as from upload-finished.
    const told = await t.call('GET', '/notification', who);
    expect(told.body.notifications.data).toEqual([
      expect.objectContaining({
        type_code: 'upload.conversion.error',
        model1_id: study.id,
        url: `/serie/organize/${study.uuid}`,
        description: `Study ${encodeStudyId(study.id)}: 1 of 2 series failed to convert`,
      }),
    ]);

    const res = await t.call('GET', `/c-upload/file?session_id=${abandoned.session}`, who);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(SESSION_EXPIRED);
    // Once expired, a session is not taken again.
    expect(await expireUploadSessions(t.app.deps, later)).toBe(0);
  });

  it('keeps a session whose series is converting, and one named within the TTL', async () => {
    const converting = await sessionWithFile(t, who);
    await studyOfSession(converting.id, ['converting']);
    const named = await sessionWithFile(t, who);
    const later = new Date(Date.now() + (t.config.UPLOAD_SESSION_TTL_HOURS - 1) * HOUR);
    await t.db
      .updateTable('upload_sessions')
      .set({ touched_at: new Date(0) })
      .where('id', '=', converting.id)
      .execute();
    const expired = await expireUploadSessions(t.app.deps, later);
    expect(expired).toBe(0);
    expect(existsSync(folderOf(converting.session))).toBe(true);
    expect(existsSync(folderOf(named.session))).toBe(true);
  });

  it('keeps a session alive while calls name it', async () => {
    const { session, id } = await sessionWithFile(t, who);
    const old = new Date(Date.now() - 2 * HOUR);
    await t.db.updateTable('upload_sessions').set({ touched_at: old }).where('id', '=', id).execute();
    expect((await t.call('GET', `/c-upload/file?session_id=${session}`, who)).status).toBe(200);
    const row = await t.db
      .selectFrom('upload_sessions')
      .select('touched_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.touched_at.getTime()).toBeGreaterThan(old.getTime() + HOUR);
  });
});
