import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSegmentation, buildSegments } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { syntheticNifti } from '../../../test/synthetic-nifti';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seriesKey } from '../../platform/storage/layout';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let otherOwner: TestUser;
let team: TestTeam;
let other: TestTeam;
let study: { id: number; uuid: string };
let series: { id: number; uuid: string };
let otherStudy: { id: number; uuid: string };
let segmentationId: number;

const CLIENT = '203.0.113.7';
const get = (path: string, token = owner.token, slug: string | null = team.slug) =>
  t.call('GET', path, { token, ...(slug !== null && { team: slug }) });
const records = async (query = '', token = owner.token, slug = team.slug) => {
  const res = await get(`/audit-events${query}`, token, slug);
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>[];
};

beforeAll(async () => {
  // One trusted proxy in front (the loopback test client): X-Forwarded-For names the caller.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  admin = await buildUser(t, { name: 'Ada Admin', admin: true });
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner);
  member = await buildMember(t, team, 'Member', {
    name: 'Mia Member',
    email: `mia-${Date.now()}@example.org`,
  });
  otherOwner = await buildUser(t, { name: 'Otto Other' });
  other = await buildTeam(t, otherOwner);
  study = await buildStudy(t, team);
  series = await buildSeries(t, team, study);
  otherStudy = await buildStudy(t, other);
  const segmentation = await buildSegmentation(t, team, series);
  await buildSegments(t, team, segmentation, 1);
  segmentationId = segmentation.id;
});
afterAll(async () => t.close());

describe('audit trail', () => {
  it('records a study view with actor, sign-in, forwarded address and study', async () => {
    const view = await t.call('GET', `/annotator/studies/${study.uuid}`, {
      token: member.token,
      team: team.slug,
      headers: { 'x-forwarded-for': CLIENT, 'user-agent': 'AuditTest/1.0' },
    });
    expect(view.status).toBe(200);
    const [latest] = await records();
    expect(latest).toMatchObject({
      action: 'viewed',
      subject_type: 'study',
      subject_id: study.uuid,
      study_id: study.id,
      actor: member.email,
      actor_name: 'Mia Member',
      remote_address: CLIENT,
      user_agent: 'AuditTest/1.0',
      team: { id: team.id, slug: team.slug },
      outcome: 'success',
      api_user_id: null,
    });
    const session = await t.db
      .selectFrom('auth_tokens')
      .select('session_id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(latest?.session_id).toBe(session.session_id);
  });

  it('attributes an API user’s view to it, without a sign-in', async () => {
    const apiUser = await t.call('POST', '/api-users', {
      token: owner.token,
      team: team.slug,
      body: { name: 'PACS bridge', role_id: team.roles.Owner },
    });
    expect(apiUser.status).toBe(201);
    const issued = await t.call('POST', `/api-users/${apiUser.body.id}/tokens`, {
      token: owner.token,
      team: team.slug,
      body: { name: 'nightly' },
    });
    const view = await t.call('GET', `/studies-v2/${study.id}`, {
      token: issued.body.secret,
      team: team.slug,
    });
    expect(view.status).toBe(200);
    const [latest] = await records();
    expect(latest).toMatchObject({
      action: 'viewed',
      subject_type: 'study',
      subject_id: String(study.id),
      study_id: study.id,
      api_user_id: apiUser.body.id,
      actor_name: 'PACS bridge',
      session_id: null,
    });
    // The FHIR agent is the API user, a data processor.
    const fhir = await get(`/audit-events/fhir?study_id=${study.id}&action=viewed`);
    expect(fhir.body.entry[0].resource.agent[0]).toMatchObject({
      type: { coding: [{ code: 'dataprocessor' }] },
      who: { identifier: { system: 'urn:voxa:api-user', value: String(apiUser.body.id) } },
    });
  });

  it('records segmentation changes and label changes against the study', async () => {
    const rename = await t.call('PUT', `/annotator/segment/rename/${series.uuid}/${segmentationId}/1`, {
      token: owner.token,
      team: team.slug,
      body: { name: 'Left lobe' },
    });
    expect(rename.status).toBe(200);
    const label = await t.call('POST', '/label', {
      token: owner.token,
      team: team.slug,
      body: { name: 'Audited' },
    });
    expect(label.status).toBe(201);
    const attach = await t.call('POST', `/label/study/${study.id}?id=${label.body.id}`, {
      token: owner.token,
      team: team.slug,
    });
    expect(attach.status).toBe(200);
    const [attached, created, renamed] = await records();
    expect(renamed).toMatchObject({
      action: 'changed',
      subject_type: 'segmentation',
      subject_id: String(segmentationId),
      study_id: study.id,
      data: { segment: 1, name: 'Left lobe' },
    });
    expect(created).toMatchObject({
      action: 'created',
      subject_type: 'label',
      subject_id: String(label.body.id),
    });
    expect(attached).toMatchObject({
      action: 'changed',
      subject_type: 'study',
      study_id: study.id,
      data: { label_attached: label.body.id },
    });
  });

  it('records a volume download once: not a revalidation, not a later range', async () => {
    const name = `${series.uuid}-001.nii`;
    await t.app.deps.storage.writeAtomic(
      [...seriesKey(team.id, study.uuid, series.uuid), 'nifti', name],
      syntheticNifti(8, 8, 4),
    );
    await t.db
      .updateTable('series')
      .set({ data: JSON.stringify({ nifti: [name], conversionAttempt: 1 }) })
      .where('id', '=', series.id)
      .execute();
    const volume = (headers: Record<string, string> = {}) =>
      fetch(`${t.url}/svc/v2/volume/${series.uuid}/0`, {
        headers: { authorization: `Bearer ${member.token}`, team: team.slug, ...headers },
      });
    const full = await volume();
    expect(full.status).toBe(200);
    await full.arrayBuffer();
    const etag = full.headers.get('etag') ?? '';
    expect((await volume({ 'if-none-match': etag })).status).toBe(304);
    const rest = await volume({ range: 'bytes=100-' });
    expect(rest.status).toBe(206);
    await rest.arrayBuffer();
    const downloads = await records('?action=downloaded');
    expect(downloads).toEqual([
      expect.objectContaining({
        subject_type: 'series',
        subject_id: series.uuid,
        study_id: study.id,
        data: { volume: 0 },
      }),
    ]);
  });

  it('records nothing for a refused request, and resolves no study of another team', async () => {
    const before = (await records()).length;
    const foreign = await t.call('GET', `/annotator/studies/${otherStudy.uuid}`, {
      token: owner.token,
      team: team.slug,
    });
    expect(foreign.status).toBe(404);
    expect((await records()).length).toBe(before);
  });

  it('filters by user, study, action and time', async () => {
    expect((await records(`?user=mia`)).every((r) => r.actor === member.email)).toBe(true);
    expect((await records(`?user=mia`)).map((r) => r.action)).toEqual(['downloaded', 'viewed']);
    const ofStudy = await records(`?study_id=${study.id}`);
    expect(ofStudy.length).toBeGreaterThanOrEqual(3);
    expect(ofStudy.every((r) => r.study_id === study.id)).toBe(true);
    expect((await records('?action=viewed')).map((r) => r.action)).toEqual(['viewed', 'viewed']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await records(`?from=${encodeURIComponent(future)}`)).toEqual([]);
    expect((await records(`?to=${encodeURIComponent(future)}`)).length).toBeGreaterThan(0);
    const bad = await get(
      `/audit-events?from=${encodeURIComponent(future)}&to=${encodeURIComponent(future)}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.to).toBeDefined();
    expect((await get('/audit-events?study_id=abc')).status).toBe(422);
    expect((await get('/audit-events?team_id=1')).status).toBe(422);
  });

  it('shows a team only its own records; administrators see every team and filter by team', async () => {
    await t.call('GET', `/annotator/studies/${otherStudy.uuid}`, {
      token: otherOwner.token,
      team: other.slug,
    });
    expect(
      (await records('', otherOwner.token, other.slug)).every(
        (r) => r.team && (r.team as { id: number }).id === other.id,
      ),
    ).toBe(true);
    expect((await records()).some((r) => r.study_id === otherStudy.id)).toBe(false);
    // Another team's records: 404 outside it, 403 without r:log-session inside it.
    for (const path of ['/audit-events', '/audit-events/csv', '/audit-events/fhir']) {
      expect((await get(path, owner.token, other.slug)).status).toBe(404);
      expect((await get(path, member.token)).status).toBe(403);
      expect((await get(path, owner.token, null)).status).toBe(404);
    }
    for (const path of ['/admin/audit', '/admin/audit/csv', '/admin/audit/fhir']) {
      expect((await get(path, owner.token, null)).status).toBe(403);
      expect((await t.call('GET', path)).status).toBe(401);
    }
    const all = await get('/admin/audit', admin.token, null);
    expect(all.status).toBe(200);
    const teams = new Set(all.body.data.map((r: { team: { id: number } | null }) => r.team?.id));
    expect(teams.has(team.id) && teams.has(other.id)).toBe(true);
    const onlyOther = await get(`/admin/audit?team_id=${other.id}`, admin.token, null);
    expect(onlyOther.body.data.length).toBeGreaterThan(0);
    expect(onlyOther.body.data.every((r: { team: { id: number } }) => r.team.id === other.id)).toBe(true);
  });

  it('exports CSV and a FHIR Bundle of AuditEvents, and records each export', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/audit-events/csv?study_id=${study.id}`,
      headers: { authorization: `Bearer ${owner.token}`, team: team.slug },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"time","team","user","name","api_user","impersonator","session","address","user_agent","action","subject_type","subject_id","subject","study","outcome","data"',
    );
    expect(lines.some((l) => l.includes(`"viewed","study","${study.uuid}"`) && l.includes(CLIENT))).toBe(
      true,
    );

    const fhir = await get(`/audit-events/fhir?action=viewed&user=mia`);
    expect(fhir.status).toBe(200);
    expect(fhir.body).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const [event] = fhir.body.entry.map((e: { resource: unknown }) => e.resource);
    expect(event).toMatchObject({
      resourceType: 'AuditEvent',
      action: 'R',
      outcome: '0',
      type: { code: '110103' },
      subtype: [{ code: 'viewed' }],
      agent: [{ requestor: true, who: { display: member.email }, network: { address: CLIENT, type: '2' } }],
      source: { site: team.slug },
      entity: [{ what: { identifier: { system: 'urn:voxa:study', value: study.uuid } } }],
    });

    const [fhirExport, csvExport] = await records('?action=exported');
    expect(csvExport).toMatchObject({ subject_type: 'audit-trail', data: { format: 'csv' } });
    expect(fhirExport).toMatchObject({ subject_type: 'audit-trail', data: { format: 'fhir', rows: 1 } });
  });

  it('is append-only in the database: updates, deletes and truncation are refused', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_logs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(t.db.updateTable('audit_logs').set({ action: 'forged' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('audit_logs').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_logs`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
    expect((await records('?action=forged')).length).toBe(0);
  });

  it('keeps records when their actor goes', async () => {
    const leaver = await buildMember(t, team, 'Owner', {
      name: 'Lee Leaver',
      email: `lee-${Date.now()}@example.org`,
    });
    await t.call('GET', `/annotator/studies/${study.uuid}`, { token: leaver.token, team: team.slug });
    await t.db.deleteFrom('auth_tokens').where('user_id', '=', leaver.id).execute();
    await t.db.deleteFrom('team_users').where('user_id', '=', leaver.id).execute();
    await t.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    expect(await records('?user=leaver')).toEqual([
      expect.objectContaining({ actor: leaver.email, actor_id: leaver.id }),
    ]);
  });
});
