import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesStatus } from '@voxa/contracts';
import { rawFilesRemoved } from '../../../test/files';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessionWithFile, type Caller } from '../../../test/upload-calls';
import { removeSettledFiles } from './settled-files';

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

const filesOf = (session: string) =>
  path.join(t.config.DATA_DIR, 'teams', String(team.id), 'uploads', session, 'files');

/** A session holding one stored file, with one study whose series have these statuses. */
async function uploadWith(statuses: SeriesStatus[]) {
  const { session, id } = await sessionWithFile(t, who);
  const study = await buildStudy(t, team, { uploadId: id, user: owner });
  for (const status of statuses) await buildSeries(t, team, study, { status, uploadId: id });
  return { session, id, study };
}

describe("removal of a finished upload's raw files", () => {
  it('upload-finished answers at once and the queued job removes the files', async () => {
    const { session, study } = await uploadWith(['done']);
    expect(existsSync(filesOf(session))).toBe(true);
    const finished = await t.call('POST', '/upload-finished', {
      ...who,
      body: { studies: [{ studyUuid: study.uuid }] },
    });
    expect(finished.status).toBe(200);
    await rawFilesRemoved(t, study.uuid);
    expect(existsSync(filesOf(session))).toBe(false);
  });

  it('leaves the files of a session with a series still converting, and removes them once it is not', async () => {
    const { session, id, study } = await uploadWith(['done', 'converting']);
    await removeSettledFiles(t.app.deps, id);
    expect(existsSync(filesOf(session))).toBe(true);

    await t.db.updateTable('series').set({ status: 'error' }).where('study_id', '=', study.id).execute();
    await removeSettledFiles(t.app.deps, id);
    expect(existsSync(filesOf(session))).toBe(false);
    // Run again (a retry, a second upload-finished): nothing left to remove, nothing fails.
    await removeSettledFiles(t.app.deps, id);
  });
});
