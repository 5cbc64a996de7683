import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import {
  assignUser,
  buildSegmentation,
  buildSegments,
  buildStructure,
} from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** GET /segmentations/{id}: one segmentation for the /segments page (decision 0034). */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let member: TestUser;
let annotator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olga Owner' });
  otherOwner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, otherOwner);
  member = await buildMember(t, team, 'Member');
  annotator = await buildMember(t, team, 'Annotator');
});
afterAll(async () => t.close());

const get = (user: TestUser, id: number, on = team) =>
  t.call('GET', `/segmentations/${id}`, { token: user.token, team: on.slug });

async function sharedSegmentation(of: TestTeam, user: TestUser) {
  const study = await buildStudy(t, of, { patientName: 'Jane Roe' });
  const series = await buildSeries(t, of, study, {
    seriesNumber: 4,
    data: { seriesDescription: 'Portal venous' },
  });
  const structure = await buildStructure(t, { title: 'Liver' });
  const segmentation = await buildSegmentation(t, of, series, { structure, user, rbac: true });
  await buildSegments(t, of, segmentation, 3, { deleted: [2] });
  return { study, series, segmentation };
}

describe('GET /segmentations/{id}', () => {
  it('answers the segmentation with where it lives, live segments and deleted ones apart', async () => {
    const { study, series, segmentation } = await sharedSegmentation(team, owner);
    const res = await get(owner, segmentation.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: segmentation.id,
      study_uuid: study.uuid,
      series_uuid: series.uuid,
      patient_name: 'Jane Roe',
      series_number: 4,
      series_description: 'Portal venous',
      structure: { title: 'Liver' },
      user_name: 'Olga Owner',
      rbac_enabled: true,
      can: { edit: true, assign: true },
    });
    expect(res.body.segments.map((s: { value: number }) => s.value)).toEqual([1, 3]);
    expect(res.body.deleted_segments).toEqual([
      expect.objectContaining({ value: 2, title: 'Part 2', deleted_at: expect.any(String) }),
    ]);
  });

  it('lets an unassigned member read a shared one without editing; an assigned one edits', async () => {
    const { segmentation } = await sharedSegmentation(team, owner);
    expect((await get(member, segmentation.id)).body.can).toMatchObject({ edit: false, delete: false });
    await assignUser(t, team, segmentation, annotator, team.roles.Annotator);
    expect((await get(annotator, segmentation.id)).body.can).toMatchObject({ edit: true });
  });

  it('answers 404 for another team’s id and 403 to a member who may not read segmentations', async () => {
    const foreign = await sharedSegmentation(other, otherOwner);
    expect((await get(owner, foreign.segmentation.id)).status).toBe(404);
    expect((await get(owner, 2_000_000)).status).toBe(404);
    expect((await get(otherOwner, foreign.segmentation.id, other)).status).toBe(200);
    await buildRole(t, team, 'Nothing');
    const powerless = await buildMember(t, team, 'Nothing');
    const own = await sharedSegmentation(team, owner);
    expect((await get(powerless, own.segmentation.id)).status).toBe(403);
  });
});
