import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const encode = (name: string) => Buffer.from(name, 'utf8').toString('base64');

describe('POST /c-upload/a', () => {
  it('answers team-stable pseudonyms: same name, same pseudonym; other team, other pseudonym', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const other = await buildTeam(t, owner);
    const ask = (slug: string, names: [string, string][]) =>
      t.call('POST', '/c-upload/a', {
        token: owner.token,
        team: slug,
        body: { s: names.map(([id, n]) => ({ id, n: encode(n) })) },
      });

    const first = await ask(team.slug, [
      ['s1', 'DOE^JANE'],
      ['s2', 'Doe Jane'],
      ['s3', 'Müller^Jürgen'],
    ]);
    expect(first.status).toBe(200);
    const [a, b, c] = first.body.a;
    expect(a).toEqual({ id: 's1', n: expect.stringMatching(/^ANON-[0-9A-Z]{10}$/) });
    expect(b.n).toBe(a.n);
    expect(c.n).not.toBe(a.n);
    expect((await ask(team.slug, [['x', 'DOE^JANE']])).body.a[0].n).toBe(a.n);
    expect((await ask(other.slug, [['x', 'DOE^JANE']])).body.a[0].n).not.toBe(a.n);
  });

  it('refuses names that are not base64, and members without r:upload', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const bad = await t.call('POST', '/c-upload/a', {
      token: owner.token,
      team: team.slug,
      body: { s: [{ id: 'x', n: 'DOE^JANE' }] },
    });
    expect(bad.status).toBe(422);
    const viewer = await buildMember(t, team, 'Viewer');
    const denied = await t.call('POST', '/c-upload/a', {
      token: viewer.token,
      team: team.slug,
      body: { s: [{ id: 'x', n: encode('A') }] },
    });
    expect(denied.status).toBe(403);
  });
});
