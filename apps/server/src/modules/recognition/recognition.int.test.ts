import type { RecognitionResponse } from '@voxa/contracts';
import type { Kysely } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { up as forgetStudyUids } from '../../platform/db/migrations/0037-prompts-forget-study-uids';
import { remapUid } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';

const EVENT = 'upload:study:aiprompt:response';
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let uploader: TestUser;
let colleague: TestUser;
let viewer: TestUser;
let otherOwner: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  uploader = await buildMember(t, team, 'Member');
  colleague = await buildMember(t, team, 'Member');
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function socketOf(user: TestUser) {
  const socket = await connectSocket(t, user.token);
  sockets.push(socket);
  return socket;
}

const ctStudy = (id: string) => ({
  id,
  modality: 'CT',
  series: [
    {
      id: `${id}/1`,
      modality: 'CT',
      seriesDescription: 'Topogram',
      imageType: ['ORIGINAL', 'PRIMARY', 'LOCALIZER'],
    },
    { id: `${id}/2`, modality: 'CT', seriesDescription: 'Arterial 1.0' },
    { id: `${id}/3`, modality: 'CT', seriesDescription: 'Portal venous 3mm' },
  ],
});
const mrStudy = {
  id: 'mr',
  modality: 'MR',
  series: [{ id: 'mr/1', modality: 'MR', seriesDescription: 't2_tse_tra' }],
};

const prompts = (user: TestUser, wsid: string, body: unknown, slug = team.slug) =>
  t.call('POST', `/llm/prompts?wsid=${encodeURIComponent(wsid)}`, { token: user.token, team: slug, body });

const promptStatus = async (uuid: string) =>
  (await t.db.selectFrom('llm_prompts').select('status').where('uuid', '=', uuid).executeTakeFirstOrThrow())
    .status;

describe('POST /llm/prompts', () => {
  it('answers 202 with one llmRemoteId per study, then each answer reaches the caller’s socket', async () => {
    const socket = await socketOf(uploader);
    const received = collect<RecognitionResponse>(socket, EVENT);
    const res = await prompts(uploader, socket.id ?? '', { studies: [ctStudy('ct'), mrStudy] });
    expect(res.status).toBe(202);
    expect(res.body.prompts).toEqual([
      { studyId: 'ct', llmRemoteId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { studyId: 'mr', llmRemoteId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await eventually(() => received.length === 2);
    const ct = received.find((r) => r.studyId === 'ct');
    expect(ct).toEqual({
      studyId: 'ct',
      llmRemoteId: res.body.prompts[0].llmRemoteId,
      type: 'success',
      data: [
        { id: 'ct/1', acquisitionCode: 'NONE', score: 0.9 },
        { id: 'ct/2', acquisitionCode: 'AR', score: 0.9 },
        { id: 'ct/3', acquisitionCode: 'PV', score: 0.9 },
      ],
    });
    expect(received.find((r) => r.studyId === 'mr')?.data).toEqual([
      { id: 'mr/1', acquisitionCode: 'T2W', score: 0.9 },
    ]);
    expect(await promptStatus(res.body.prompts[0].llmRemoteId)).toBe('done');
  });

  it('keeps the team’s keyed replacement of the page’s study id (the original UID), never the UID', async () => {
    const socket = await socketOf(uploader);
    const received = collect<RecognitionResponse>(socket, EVENT);
    const uid = '1.2.840.113619.2.334.3.2831183778.864.1537274410.1';
    const res = await prompts(uploader, socket.id ?? '', { studies: [ctStudy(uid)] });
    expect(res.status).toBe(202);
    // The answer still names the page's own id.
    await eventually(() => received.some((r) => r.studyId === uid));
    const row = await t.db
      .selectFrom('llm_prompts')
      .selectAll()
      .where('uuid', '=', res.body.prompts[0].llmRemoteId)
      .executeTakeFirstOrThrow();
    expect(row.study_client_id).toBe(remapUid(teamKey(t.app.deps.keys, team.id), uid));
    expect(JSON.stringify(row)).not.toContain(uid);
  });

  it('sends nothing to a socket of another user, even of the same team', async () => {
    const theirs = await socketOf(colleague);
    const mine = await socketOf(uploader);
    const theyGot = collect(theirs, EVENT);
    const iGot = collect(mine, EVENT);
    const res = await prompts(uploader, theirs.id ?? '', { studies: [mrStudy] });
    expect(res.status).toBe(202);
    await eventually(async () => (await promptStatus(res.body.prompts[0].llmRemoteId)) === 'done');
    await new Promise((r) => setTimeout(r, 200));
    expect(theyGot).toEqual([]);
    expect(iGot).toEqual([]);
  });

  it('refuses bad input with 422, never 500', async () => {
    const bad: [string, unknown][] = [
      ['', { studies: [mrStudy] }],
      ['w', { studies: [] }],
      ['w', {}],
      ['w', { studies: [{ ...mrStudy, series: [] }] }],
      ['w', { studies: [{ ...mrStudy, series: [{ id: 'x', modality: 'MR', repetitionTime: 'long' }] }] }],
      ['w', { studies: [{ ...mrStudy, extra: true }] }],
      ['w', { studies: Array.from({ length: 51 }, (_, i) => ({ ...mrStudy, id: String(i) })) }],
    ];
    for (const [wsid, body] of bad) {
      const res = await prompts(uploader, wsid, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const noQuery = await t.call('POST', '/llm/prompts', {
      token: uploader.token,
      team: team.slug,
      body: { studies: [mrStudy] },
    });
    expect(noQuery.status).toBe(422);
  });

  it('answers 401 without a token, 403 to a Viewer, 404 outside the team', async () => {
    expect(
      (await t.call('POST', '/llm/prompts?wsid=x', { team: team.slug, body: { studies: [mrStudy] } })).status,
    ).toBe(401);
    expect((await prompts(viewer, 'x', { studies: [mrStudy] })).status).toBe(403);
    expect((await prompts(uploader, 'x', { studies: [mrStudy] }, other.slug)).status).toBe(404);
  });
});

describe('POST /svc/llm/cancel-prompt/:llmRemoteId', () => {
  const cancel = (user: TestUser, id: string, slug = team.slug) =>
    t.call('POST', `/llm/cancel-prompt/${id}`, { token: user.token, team: slug, prefix: '/svc' });

  async function pendingPrompt(user: TestUser, teamId = team.id) {
    const row = await t.db
      .insertInto('llm_prompts')
      .values({ team_id: teamId, user_id: user.id, socket_id: 'x', study_client_id: 's', modality: 'CT' })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    return row.uuid;
  }

  it('cancels the caller’s pending prompt; a second cancel reports it cancelled', async () => {
    const id = await pendingPrompt(uploader);
    expect(await cancel(uploader, id)).toEqual({
      status: 200,
      body: { llmRemoteId: id, status: 'cancelled' },
    });
    expect(await cancel(uploader, id)).toEqual({
      status: 200,
      body: { llmRemoteId: id, status: 'cancelled' },
    });
  });

  it('reports a finished prompt as done', async () => {
    const socket = await socketOf(uploader);
    const res = await prompts(uploader, socket.id ?? '', { studies: [mrStudy] });
    const id = res.body.prompts[0].llmRemoteId;
    await eventually(async () => (await promptStatus(id)) === 'done');
    expect((await cancel(uploader, id)).body).toEqual({ llmRemoteId: id, status: 'done' });
  });

  it('answers 404 for another user’s prompt, another team’s prompt and an unknown id', async () => {
    const colleagues = await pendingPrompt(colleague);
    const foreign = await pendingPrompt(otherOwner, other.id);
    expect((await cancel(uploader, colleagues)).status).toBe(404);
    expect((await cancel(uploader, foreign)).status).toBe(404);
    expect((await cancel(uploader, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await promptStatus(colleagues)).toBe('pending');
    expect(await promptStatus(foreign)).toBe('pending');
  });

  it('refuses an id that is not a uuid with 422, a Viewer with 403, no token with 401', async () => {
    expect((await cancel(uploader, 'not-a-uuid')).status).toBe(422);
    expect((await cancel(viewer, '00000000-0000-4000-8000-000000000000')).status).toBe(403);
    const anonymous = await t.call('POST', '/llm/cancel-prompt/00000000-0000-4000-8000-000000000000', {
      team: team.slug,
      prefix: '/svc',
    });
    expect(anonymous.status).toBe(401);
  });

  it('is not served under /api', async () => {
    const id = await pendingPrompt(uploader);
    expect((await cancel(uploader, id)).status).toBe(200);
    const underApi = await t.call('POST', `/llm/cancel-prompt/${id}`, {
      token: uploader.token,
      team: team.slug,
    });
    expect(underApi.status).toBe(404);
  });
});

describe('POST /svc/llm/prompt/:modality/:type/:teamId', () => {
  const recognise = (user: TestUser, path: string, body: unknown, slug = team.slug) =>
    t.call('POST', path, { token: user.token, team: slug, body, prefix: '/svc' });

  it('recognises one study’s series at once with the rules', async () => {
    const res = await recognise(uploader, `/llm/prompt/MR/acquisition/${team.id}`, {
      series: [
        { id: 'a', modality: 'MR', seriesDescription: 'Sag FLAIR' },
        { id: 'b', modality: '', seriesDescription: 'DWI b1000' },
      ],
    });
    expect(res).toEqual({
      status: 200,
      body: {
        source: 'rules',
        data: [
          { id: 'a', acquisitionCode: 'FLAIR', score: 0.9 },
          { id: 'b', acquisitionCode: 'DWI', score: 0.9 },
        ],
      },
    });
  });

  it('answers 404 for another team’s id, 422 for an unknown type or bad body', async () => {
    const body = { series: [{ id: 'a', modality: 'CT' }] };
    expect((await recognise(uploader, `/llm/prompt/CT/acquisition/${other.id}`, body)).status).toBe(404);
    expect((await recognise(uploader, `/llm/prompt/CT/bodypart/${team.id}`, body)).status).toBe(422);
    expect((await recognise(uploader, `/llm/prompt/CT/acquisition/abc`, body)).status).toBe(422);
    expect((await recognise(uploader, `/llm/prompt/CT/acquisition/${team.id}`, { series: [] })).status).toBe(
      422,
    );
    expect((await recognise(viewer, `/llm/prompt/CT/acquisition/${team.id}`, body)).status).toBe(403);
  });
});

describe('migration 0037', () => {
  it('forgets the study ids that prompts written before kept in clear', async () => {
    const uid = '1.2.840.113619.2.334.3.2831183778.864.1537274410.2';
    const row = await t.db
      .insertInto('llm_prompts')
      .values({
        team_id: team.id,
        user_id: uploader.id,
        socket_id: 'x',
        study_client_id: uid,
        modality: 'CT',
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await forgetStudyUids(t.db as unknown as Kysely<unknown>);
    const after = await t.db
      .selectFrom('llm_prompts')
      .select('study_client_id')
      .where('uuid', '=', row.uuid)
      .executeTakeFirstOrThrow();
    expect(after.study_client_id).toBe('');
  });
});
