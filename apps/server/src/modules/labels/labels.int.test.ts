import { LABEL_NAME_TAKEN } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildStudy } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let uploader: TestUser;
let annotator: TestUser;
let viewer: TestUser;
let otherOwner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  uploader = await buildMember(t, team, 'Member');
  annotator = await buildMember(t, team, 'Annotator');
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

describe('labels', () => {
  it('creates a label with the default colour and lists it', async () => {
    const created = await as(uploader, 'POST', '/label', { body: { name: 'Tumor' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Tumor', color: '#0043de' });
    const list = await as(viewer, 'GET', '/label');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);
  });

  it('creates from the query form POST /label?name=…&color=…', async () => {
    const res = await as(uploader, 'POST', '/label?name=Liver&color=%23AA0000');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Liver', color: '#aa0000' });
  });

  it('answers the existing label for a name that differs only in case', async () => {
    const first = await as(uploader, 'POST', '/label', { body: { name: 'Lesion', color: '#112233' } });
    const again = await as(annotator, 'POST', '/label', { body: { name: '  LESION ' } });
    expect(again.body).toEqual(first.body);
    const list = await as(uploader, 'GET', '/label');
    expect(list.body.filter((l: { name: string }) => l.name.toLowerCase() === 'lesion')).toHaveLength(1);
  });

  it('lists labels by name, case-insensitively, and only the team’s own', async () => {
    await t.call('POST', '/label', { token: otherOwner.token, team: other.slug, body: { name: 'Foreign' } });
    await as(uploader, 'POST', '/label', { body: { name: 'alpha' } });
    await as(uploader, 'POST', '/label', { body: { name: 'Beta' } });
    const names = (await as(uploader, 'GET', '/label')).body.map((l: { name: string }) => l.name);
    expect(names).not.toContain('Foreign');
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('refuses bad input with 422: no name, blank name, long name, bad colour, unknown field', async () => {
    const bad = [
      { body: {} },
      { body: { name: '   ' } },
      { body: { name: 'x'.repeat(65) } },
      { body: { name: 'Ok', color: 'blue' } },
      { body: { name: 'Ok', extra: 1 } },
      { raw: '[]' },
    ];
    for (const opts of bad) {
      const res = await as(uploader, 'POST', '/label', opts);
      expect(res.status, JSON.stringify(opts)).toBe(422);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await as(uploader, 'POST', '/label', { raw: '{"name":' })).status).toBe(400);
  });

  it('renames and recolours with PUT /label?id; a taken name answers 409', async () => {
    const a = (await as(uploader, 'POST', '/label', { body: { name: 'Old name' } })).body;
    await as(uploader, 'POST', '/label', { body: { name: 'Taken' } });
    const renamed = await as(annotator, 'PUT', `/label?id=${a.id}`, { body: { name: 'New name' } });
    expect(renamed).toEqual({ status: 200, body: { id: a.id, name: 'New name', color: '#0043de' } });
    const recoloured = await as(annotator, 'PUT', `/label?id=${a.id}`, { body: { color: '#00FF00' } });
    expect(recoloured.body).toEqual({ id: a.id, name: 'New name', color: '#00ff00' });
    const sameInOtherCase = await as(uploader, 'PUT', `/label?id=${a.id}`, { body: { name: 'NEW NAME' } });
    expect(sameInOtherCase.body.name).toBe('NEW NAME');
    const taken = await as(uploader, 'PUT', `/label?id=${a.id}`, { body: { name: 'taken' } });
    expect(taken).toEqual({ status: 409, body: { message: LABEL_NAME_TAKEN } });
    expect((await as(uploader, 'PUT', `/label?id=${a.id}`, { body: {} })).status).toBe(422);
    expect((await as(uploader, 'PUT', '/label?id=abc', { body: { name: 'x' } })).status).toBe(422);
    expect((await as(uploader, 'PUT', '/label', { body: { name: 'x' } })).status).toBe(422);
  });

  it('attaches, lists and detaches labels of a study; attaching twice changes nothing', async () => {
    const study = await buildStudy(t, team);
    const label = (await as(uploader, 'POST', '/label', { body: { name: 'Attach me' } })).body;
    const attached = await as(uploader, 'POST', `/label/study/${study.id}?id=${label.id}`);
    expect(attached).toEqual({ status: 200, body: [label] });
    expect((await as(annotator, 'POST', `/label/study/${study.id}?id=${label.id}`)).body).toEqual([label]);
    expect((await as(viewer, 'GET', `/label/study/${study.id}`)).body).toEqual([label]);
    const detached = await as(annotator, 'DELETE', `/label/study/${study.id}?id=${label.id}`);
    expect(detached).toEqual({ status: 200, body: [] });
    expect((await as(uploader, 'DELETE', `/label/study/${study.id}?id=${label.id}`)).body).toEqual([]);
  });

  it('accepts the paths as the spec writes them, with a trailing slash', async () => {
    const study = await buildStudy(t, team);
    const label = (await as(uploader, 'POST', '/label/', { body: { name: 'Slashed' } })).body;
    expect(await as(uploader, 'POST', `/label/study/${study.id}/?id=${label.id}`)).toEqual({
      status: 200,
      body: [label],
    });
    expect((await as(viewer, 'GET', `/label/study/${study.id}/`)).body).toEqual([label]);
    expect(await as(uploader, 'DELETE', `/label/study/${study.id}/?id=${label.id}`)).toEqual({
      status: 200,
      body: [],
    });
  });

  it('answers 404 for another team’s study or label', async () => {
    const own = await buildStudy(t, team);
    const foreignStudy = await buildStudy(t, other);
    const ownLabel = (await as(uploader, 'POST', '/label', { body: { name: 'Mine' } })).body;
    const foreignLabel = (
      await t.call('POST', '/label', { token: otherOwner.token, team: other.slug, body: { name: 'Theirs' } })
    ).body;
    const calls: [string, string][] = [
      ['GET', `/label/study/${foreignStudy.id}`],
      ['POST', `/label/study/${foreignStudy.id}?id=${ownLabel.id}`],
      ['POST', `/label/study/${own.id}?id=${foreignLabel.id}`],
      ['DELETE', `/label/study/${own.id}?id=${foreignLabel.id}`],
      ['DELETE', `/label/study/${foreignStudy.id}?id=${ownLabel.id}`],
      ['GET', '/label/study/999999'],
    ];
    for (const [method, path] of calls) expect((await as(uploader, method, path)).status, path).toBe(404);
    const update = await as(uploader, 'PUT', `/label?id=${foreignLabel.id}`, { body: { name: 'Stolen' } });
    expect(update.status).toBe(404);
  });

  it('lets a Viewer read but not change labels (403)', async () => {
    const study = await buildStudy(t, team);
    const label = (await as(uploader, 'POST', '/label', { body: { name: 'Read only' } })).body;
    expect((await as(viewer, 'GET', '/label')).status).toBe(200);
    expect((await as(viewer, 'POST', '/label', { body: { name: 'Nope' } })).status).toBe(403);
    expect((await as(viewer, 'PUT', `/label?id=${label.id}`, { body: { name: 'Nope' } })).status).toBe(403);
    expect((await as(viewer, 'POST', `/label/study/${study.id}?id=${label.id}`)).status).toBe(403);
    expect((await as(viewer, 'DELETE', `/label/study/${study.id}?id=${label.id}`)).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/label', { team: team.slug })).status).toBe(401);
  });
});
