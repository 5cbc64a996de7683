import {
  TRANSFER_FUNCTION_BUILT_IN,
  TRANSFER_FUNCTION_NAME_TAKEN,
  type TransferFunction,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let annotator: TestUser;
let reviewer: TestUser;
let powerless: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olivia Owner' });
  team = await buildTeam(t, owner);
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  annotator = await buildMember(t, team, 'Annotator');
  await buildRole(t, team, 'Reviewer', ['r:reviews']);
  reviewer = await buildMember(t, team, 'Reviewer');
  await buildRole(t, team, 'Nobody');
  powerless = await buildMember(t, team, 'Nobody');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

const lung = { kind: 'window', name: 'Wide lung', modality: 'ct', window: { width: 1800, center: -500 } };
const ramp = {
  kind: 'colormap',
  name: 'Fire ramp',
  colormap: { R: [0, 255, 255], G: [0, 64, 255], B: [0, 0, 200], A: [0, 128, 255], I: [0, 100, 255] },
};

describe('transfer functions', () => {
  it('lists the built-in windows and colour maps to anyone who reads cases', async () => {
    const res = await as(reviewer, 'GET', '/transfer-functions');
    expect(res.status).toBe(200);
    const list = res.body as TransferFunction[];
    expect(list.every((f) => f.built_in && f.created_by === null)).toBe(true);
    const windows = list.filter((f) => f.kind === 'window');
    expect(windows.slice(0, 4).map((f) => [f.name, f.modality, f.window])).toEqual([
      ['CT soft tissue', 'CT', { width: 400, center: 40 }],
      ['CT lung', 'CT', { width: 1500, center: -600 }],
      ['CT bone', 'CT', { width: 2000, center: 300 }],
      ['CT brain', 'CT', { width: 80, center: 40 }],
    ]);
    const gray = list.find((f) => f.name === 'gray');
    expect(gray).toMatchObject({
      kind: 'colormap',
      modality: null,
      colormap: { R: [0, 255], G: [0, 255], B: [0, 255], A: [0, 128], I: [0, 255] },
    });
    expect(list.map((f) => f.name)).toEqual(expect.arrayContaining(['hot', 'winter', 'viridis']));
  });

  it('creates a window preset and a colour map; the list shows them after the built-in ones', async () => {
    const window = await as(owner, 'POST', '/transfer-functions', { body: lung });
    expect(window.status).toBe(201);
    expect(window.body).toMatchObject({
      kind: 'window',
      name: 'Wide lung',
      modality: 'CT',
      built_in: false,
      window: { width: 1800, center: -500 },
      created_by: { id: owner.id, name: 'Olivia Owner' },
    });
    const colormap = await as(owner, 'POST', '/transfer-functions', { body: ramp });
    expect(colormap.status).toBe(201);
    expect(colormap.body).toMatchObject({ kind: 'colormap', modality: null, colormap: ramp.colormap });
    const list = (await as(annotator, 'GET', '/transfer-functions')).body as TransferFunction[];
    expect(list.slice(-2).map((f) => f.name)).toEqual(['Fire ramp', 'Wide lung']);
    expect(list.filter((f) => !f.built_in)).toHaveLength(2);
  });

  it('filters by kind and by modality (those for it and those for any)', async () => {
    const windows = (await as(owner, 'GET', '/transfer-functions?kind=window')).body as TransferFunction[];
    expect(windows.every((f) => f.kind === 'window')).toBe(true);
    expect(windows.map((f) => f.name)).toContain('Wide lung');
    const mr = (await as(owner, 'GET', '/transfer-functions?modality=mr')).body as TransferFunction[];
    expect(mr.every((f) => f.modality === null)).toBe(true);
    expect(mr.map((f) => f.name)).toContain('Fire ramp');
    const ctWindows = (await as(owner, 'GET', '/transfer-functions?kind=window&modality=CT'))
      .body as TransferFunction[];
    expect(ctWindows.map((f) => f.name)).toContain('CT lung');
    expect((await as(owner, 'GET', '/transfer-functions?kind=lut')).status).toBe(422);
  });

  it('replaces one with PUT, its kind included, and deletes it', async () => {
    const created = (
      await as(owner, 'POST', '/transfer-functions', {
        body: { ...lung, name: 'Temporary', modality: null },
      })
    ).body as TransferFunction;
    const updated = await as(owner, 'PUT', `/transfer-functions/${created.id}`, {
      body: { ...ramp, name: 'Temporary map', modality: 'MR' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      kind: 'colormap',
      name: 'Temporary map',
      modality: 'MR',
      colormap: ramp.colormap,
    });
    expect(updated.body).not.toHaveProperty('window');
    const row = await t.db
      .selectFrom('transfer_functions')
      .select(['window_width', 'window_center'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ window_width: null, window_center: null });
    expect((await as(owner, 'DELETE', `/transfer-functions/${created.id}`)).status).toBe(204);
    const names = ((await as(owner, 'GET', '/transfer-functions')).body as TransferFunction[]).map(
      (f) => f.name,
    );
    expect(names).not.toContain('Temporary map');
    expect((await as(owner, 'DELETE', `/transfer-functions/${created.id}`)).status).toBe(404);
  });

  it('refuses bad input with 422 and names the field', async () => {
    const cmap = ramp.colormap;
    const bad: [unknown, string][] = [
      [{ ...lung, name: '' }, 'name'],
      [{ ...lung, name: 'x'.repeat(129) }, 'name'],
      [{ ...lung, window: { width: 0, center: 40 } }, 'window.width'],
      [{ ...lung, window: { width: -10, center: 40 } }, 'window.width'],
      [{ ...lung, window: { width: 400 } }, 'window.center'],
      [{ ...lung, modality: 'C T' }, 'modality'],
      [{ ...ramp, colormap: { ...cmap, G: [0, 255] } }, 'colormap.G'],
      [{ ...ramp, colormap: { R: [0], G: [0], B: [0], A: [0], I: [0] } }, 'colormap.I'],
      [{ ...ramp, colormap: { ...cmap, I: [0, 200, 100] } }, 'colormap.I'],
      [{ ...ramp, colormap: { ...cmap, I: [0, 100, 100] } }, 'colormap.I'],
      [{ ...ramp, colormap: { ...cmap, R: [0, 256, 255] } }, 'colormap.R.1'],
      [{ ...ramp, colormap: { ...cmap, A: [0, 1.5, 255] } }, 'colormap.A.1'],
      [{ kind: 'lut', name: 'x' }, 'kind'],
      [{ ...lung, colormap: cmap }, 'colormap'],
    ];
    for (const [body, field] of bad) {
      const res = await as(owner, 'POST', '/transfer-functions', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const longest = { R: [], G: [], B: [], A: [], I: [] } as Record<string, number[]>;
    for (const key of Object.keys(longest)) longest[key] = Array.from({ length: 257 }, (_, i) => i % 256);
    const tooMany = await as(owner, 'POST', '/transfer-functions', { body: { ...ramp, colormap: longest } });
    expect(tooMany.status).toBe(422);
  });

  it('answers 409 for a name already shown, built-in or the team’s, in any case', async () => {
    await as(owner, 'POST', '/transfer-functions', { body: { ...lung, name: 'Unique one' } });
    const taken = [
      { ...lung, name: 'ct LUNG' },
      { ...ramp, name: 'HOT' },
      { ...ramp, name: 'unique ONE' },
    ];
    for (const body of taken)
      expect(await as(owner, 'POST', '/transfer-functions', { body })).toEqual({
        status: 409,
        body: { message: TRANSFER_FUNCTION_NAME_TAKEN },
      });
    const mine = (await as(owner, 'POST', '/transfer-functions', { body: { ...lung, name: 'Renamed' } }))
      .body as TransferFunction;
    const rename = await as(owner, 'PUT', `/transfer-functions/${mine.id}`, {
      body: { ...lung, name: 'Unique One' },
    });
    expect(rename.status).toBe(409);
    const same = await as(owner, 'PUT', `/transfer-functions/${mine.id}`, {
      body: { ...lung, name: 'RENAMED' },
    });
    expect(same.body.name).toBe('RENAMED');
  });

  it('keeps built-in ones read-only (403)', async () => {
    const list = (await as(owner, 'GET', '/transfer-functions')).body as TransferFunction[];
    const builtIn = list.find((f) => f.name === 'CT bone');
    if (!builtIn) throw new Error('no built-in CT bone');
    const put = await as(owner, 'PUT', `/transfer-functions/${builtIn.id}`, { body: lung });
    expect(put).toEqual({ status: 403, body: { message: TRANSFER_FUNCTION_BUILT_IN } });
    const del = await as(owner, 'DELETE', `/transfer-functions/${builtIn.id}`);
    expect(del).toEqual({ status: 403, body: { message: TRANSFER_FUNCTION_BUILT_IN } });
    const again = (await as(owner, 'GET', '/transfer-functions')).body as TransferFunction[];
    expect(again.find((f) => f.id === builtIn.id)).toEqual(builtIn);
  });

  it('keeps teams apart: another team’s transfer function is unseen and answers 404', async () => {
    const theirs = (
      await t.call('POST', '/transfer-functions', {
        token: otherOwner.token,
        team: other.slug,
        body: { ...lung, name: 'Their lung' },
      })
    ).body as TransferFunction;
    const mine = (await as(owner, 'GET', '/transfer-functions')).body as TransferFunction[];
    expect(mine.map((f) => f.name)).not.toContain('Their lung');
    // The name is theirs only: this team may use it too.
    expect(
      (await as(owner, 'POST', '/transfer-functions', { body: { ...lung, name: 'Their lung' } })).status,
    ).toBe(201);
    expect((await as(owner, 'PUT', `/transfer-functions/${theirs.id}`, { body: lung })).status).toBe(404);
    expect((await as(owner, 'DELETE', `/transfer-functions/${theirs.id}`)).status).toBe(404);
    expect((await as(owner, 'DELETE', '/transfer-functions/999999')).status).toBe(404);
  });

  it('lets case readers read but only r:transfer-functions change (403); no permission reads nothing', async () => {
    const mine = (await as(owner, 'POST', '/transfer-functions', { body: { ...lung, name: 'Guarded' } }))
      .body as TransferFunction;
    expect((await as(annotator, 'GET', '/transfer-functions')).status).toBe(200);
    expect((await as(annotator, 'POST', '/transfer-functions', { body: lung })).status).toBe(403);
    expect((await as(annotator, 'PUT', `/transfer-functions/${mine.id}`, { body: lung })).status).toBe(403);
    expect((await as(reviewer, 'DELETE', `/transfer-functions/${mine.id}`)).status).toBe(403);
    expect((await as(powerless, 'GET', '/transfer-functions')).status).toBe(403);
    expect((await t.call('GET', '/transfer-functions', { team: team.slug })).status).toBe(401);
  });
});
