import { LOG_PAGE_SIZE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../accounts/sessions';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { pruneActivityLogs } from './sessions';

let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: TestTeam;
let member: TestUser;
/** The member's second sign-in: a new session. */
let secondSignIn: string;

const log = (token: string, path: string, slug = team.slug, data?: string) =>
  t.call(
    'POST',
    `/log?app=web&type=route&path=${encodeURIComponent(path)}${data ? `&data=${encodeURIComponent(data)}` : ''}`,
    {
      token,
      team: slug,
    },
  );
const get = (path: string, token = owner.token, slug = team.slug) =>
  t.call('GET', path, { token, team: slug });

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner);
  member = await buildMember(t, team, 'Member', {
    name: 'Mia Member',
    email: `mia-${Date.now()}@example.org`,
  });
  secondSignIn = (await issueToken(t.db, member.id, { ttlDays: 1 })).token;
  const otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  for (const path of ['/dashboard', '/studies-v2', '/structures'])
    expect((await log(member.token, path)).status).toBe(204);
  expect((await log(secondSignIn, '/reviews', team.slug, '=HYPERLINK("x")')).status).toBe(204);
  expect((await log(owner.token, '/members')).status).toBe(204);
  expect((await log(otherOwner.token, '/dashboard', other.slug)).status).toBe(204);
});
afterAll(async () => t.close());

describe('log sessions', () => {
  it('groups the team’s events per user and sign-in, latest first', async () => {
    const res = await get('/log-sessions');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((s: { user: { name: string }; events: number }) => [s.user.name, s.events]),
    ).toEqual([
      ['Olga Owner', 1],
      ['Mia Member', 1],
      ['Mia Member', 3],
    ]);
  });

  it('filters by user, path and time', async () => {
    const byUser = await get('/log-sessions?user=MIA');
    expect(byUser.body.total).toBe(2);
    const byPath = await get(`/log-sessions?path=${encodeURIComponent('studies')}`);
    expect(byPath.body.data).toEqual([
      expect.objectContaining({ events: 1, user: expect.objectContaining({ id: member.id }) }),
    ]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`/log-sessions?from=${encodeURIComponent(future)}`)).body.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await get(`/log-events?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)).body.total,
    ).toBe(5);
    // A wildcard is taken literally.
    expect((await get('/log-events?path=%25')).body.total).toBe(0);
  });

  it('refuses a bad filter with 422', async () => {
    const now = new Date().toISOString();
    const backwards = await get(`/log-events?from=${encodeURIComponent(now)}&to=${encodeURIComponent(now)}`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toBeDefined();
    expect((await get('/log-sessions?from=yesterday')).status).toBe(422);
  });

  it('shows a session’s timeline from any of its events, oldest first', async () => {
    const sessions = (await get('/log-sessions?user=mia')).body.data;
    const first = sessions[1];
    const detail = await get(`/log-sessions/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.session).toEqual(first);
    expect(detail.body.truncated).toBe(false);
    expect(detail.body.events.map((e: { path: string }) => e.path)).toEqual([
      '/dashboard',
      '/studies-v2',
      '/structures',
    ]);
    const viaLastEvent = await get(`/log-sessions/${detail.body.events[2].id}`);
    expect(viaLastEvent.body.session.id).toBe(first.id);
  });

  it('lists the events newest first with their session, a page at a time', async () => {
    const res = await get('/log-events?user=mia');
    expect(res.body.total).toBe(4);
    expect(res.body.data.map((e: { path: string }) => e.path)).toEqual([
      '/reviews',
      '/structures',
      '/studies-v2',
      '/dashboard',
    ]);
    const sessions = new Set(res.body.data.map((e: { session_id: number }) => e.session_id));
    expect(sessions.size).toBe(2);
    expect(LOG_PAGE_SIZE).toBeGreaterThan(4);
    expect((await get('/log-events?page=2')).body.data).toEqual([]);
  });

  it('exports the filtered events as CSV, formulas neutralised', async () => {
    const res = await t.call('GET', '/log-events/csv?user=mia', { token: owner.token, team: team.slug });
    expect(res.status).toBe(200);
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"time","user","email","session","app","type","path","data"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"Mia Member","${member.email}"`);
    expect(lines[1]).toContain(`"/reviews","'=HYPERLINK(""x"")"`);
  });

  it('answers 403 without r:log-session and 404 for another team’s session', async () => {
    for (const path of ['/log-sessions', '/log-events', '/log-events/csv']) {
      expect((await get(path, member.token)).status).toBe(403);
    }
    await buildRole(t, team, 'Auditor', ['r:log-session']);
    const auditor = await buildMember(t, team, 'Auditor');
    expect((await get('/log-sessions', auditor.token)).status).toBe(200);
    const foreign = await get('/log-sessions', owner.token, other.slug);
    expect(foreign.status).toBe(404);
    const otherEvent = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('team_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/log-sessions/${otherEvent.id}`)).status).toBe(404);
    expect((await get('/log-sessions/999999')).status).toBe(404);
  });

  it('deletes events past the retention', async () => {
    const oldAt = new Date(Date.now() - (t.config.LOG_RETENTION_DAYS + 1) * 86_400_000);
    await t.db
      .insertInto('activity_logs')
      .values({
        user_id: owner.id,
        team_id: team.id,
        app: 'web',
        type: 'route',
        path: '/old',
        session_id: 'old',
        created_at: oldAt,
      })
      .execute();
    expect(await pruneActivityLogs(t.db, t.config.LOG_RETENTION_DAYS)).toBe(1);
    expect((await get('/log-events?path=old')).body.total).toBe(0);
    expect((await get('/log-events')).body.total).toBe(5);
  });

  it('runs the cleanup as the hourly job of the job processes', async () => {
    const oldAt = new Date(Date.now() - (t.config.LOG_RETENTION_DAYS + 2) * 86_400_000);
    const row = await t.db
      .insertInto('activity_logs')
      .values({
        user_id: owner.id,
        team_id: team.id,
        app: 'web',
        type: 'route',
        path: '/older',
        session_id: 'older',
        created_at: oldAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.deps.queue.add('prune-activity-logs', {}, `prune-activity-logs-test-${row.id}`);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('activity_logs').select('id').where('id', '=', row.id).executeTakeFirst()) ??
          null,
        { timeout: 10_000 },
      )
      .toBeNull();
  });

  it('takes the retention from LOG_RETENTION_DAYS, a whole number of days from 1 to 3650', () => {
    const env = { DATA_DIR: '/tmp/voxa-config-test', BASE_DOMAIN: 'voxa.test' };
    expect(loadConfig(env).LOG_RETENTION_DAYS).toBe(90);
    expect(loadConfig({ ...env, LOG_RETENTION_DAYS: '7' }).LOG_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'week']) {
      expect(() => loadConfig({ ...env, LOG_RETENTION_DAYS: bad })).toThrow(/LOG_RETENTION_DAYS/);
    }
  });
});
