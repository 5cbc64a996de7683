import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The settings page's answers without an SCP (dimse.int.test.ts reads them with one): no port, the AE title
 * rule's own reasons, r:team only. The port with DIMSE_PORT set is read there.
 */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner, { slug: 'radiology-department-north' });
});
afterAll(async () => t.close());

describe('the team’s DICOM settings', () => {
  it('answer no port when the server has no DIMSE_PORT', async () => {
    const read = await t.call('GET', '/team/dimse', { token: owner.token, team: team.slug });
    expect(read.body).toEqual({
      aeTitle: 'RADIOLOGY-DEPART',
      callingAeTitles: [],
      port: null,
      moveDestinations: [],
    });
  });

  it('refuse a calling AE title with the rule’s reason, and keep padding and case out', async () => {
    const as = { token: owner.token, team: team.slug };
    const tab = await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: ['PACS\t'] } });
    expect(tab.status).toBe(422);
    expect(JSON.stringify(tab.body.errors)).toContain('no control characters');
    const spaces = await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: ['    '] } });
    expect(spaces.status).toBe(422);
    const ok = await t.call('PUT', '/team/dimse', {
      ...as,
      body: { callingAeTitles: ['  my pacs ', 'MY PACS'] },
    });
    expect(ok.body.callingAeTitles).toEqual(['MY PACS']);
  });

  it('keep C-MOVE destinations, refuse a bad host or port, and leave them as they are when not sent', async () => {
    const as = { token: owner.token, team: team.slug };
    const put = (moveDestinations: unknown) =>
      t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: [], moveDestinations } });
    for (const bad of [
      { aeTitle: 'WS', host: 'a host', port: 104 },
      { aeTitle: 'WS', host: '', port: 104 },
      { aeTitle: 'WS', host: 'ws.local', port: 0 },
      { aeTitle: 'A\\B', host: 'ws.local', port: 104 },
    ])
      expect((await put([bad])).status).toBe(422);
    const set = await put([
      { aeTitle: ' ws1 ', host: 'ws.local', port: 104 },
      { aeTitle: 'WS1', host: '10.0.0.7', port: 11112 },
    ]);
    expect(set.body.moveDestinations).toEqual([{ aeTitle: 'WS1', host: '10.0.0.7', port: 11112 }]);
    const kept = await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: ['PACS'] } });
    expect(kept.body.moveDestinations).toEqual([{ aeTitle: 'WS1', host: '10.0.0.7', port: 11112 }]);
    expect((await put([])).body.moveDestinations).toEqual([]);
  });

  it('are the r:team holders’ only', async () => {
    const member = await buildMember(t, team, 'Member');
    const as = { token: member.token, team: team.slug };
    expect((await t.call('GET', '/team/dimse', as)).status).toBe(403);
    expect((await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: [] } })).status).toBe(403);
  });
});
