import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { assignUser, buildSegmentation } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';
import { NOT_SHARED, ROLE_NOT_ASSIGNABLE, USER_LACKS_ROLE } from './assignments';

/**
 * Role boxes on shared segmentations (teams-and-account.md 2.3, 5, 6, 7.5; docs/decisions/0030): which
 * roles get a box, who is offered for one, who assigns and unassigns, and another team's ids.
 */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let otherMember: TestUser;
let annotators: TestUser[];
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  otherMember = await buildMember(t, other, 'Annotator');
  annotators = [
    await buildMember(t, team, 'Annotator', { name: 'Bea' }),
    await buildMember(t, team, 'Annotator', { name: 'Abe' }),
    await buildMember(t, team, 'Annotator', { name: 'Cy' }),
  ];
  member = await buildMember(t, team, 'Member');
  await buildRole(t, team, 'Reviewer', ['r:reviews']);
  await buildRole(t, team, 'Nobody');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

async function shared(owner: TestTeam, opts: Parameters<typeof buildSegmentation>[3] = {}) {
  const study = await buildStudy(t, owner);
  const series = await buildSeries(t, owner, study);
  const segmentation = await buildSegmentation(t, owner, series, { rbac: true, ...opts });
  return { series, segmentation };
}

function annotator(i: number): TestUser {
  const user = annotators[i];
  if (!user) throw new Error(`no annotator ${i}`);
  return user;
}
const bea = () => annotator(0);
const abe = () => annotator(1);
const cy = () => annotator(2);

const add = (user: TestUser, body: { segmentation_id: number; user_id: number; role_id: number }) =>
  as(user, 'POST', '/segmentations/add-user-to-segmentation', { body });

describe('GET /roles/assignable-users', () => {
  it('lists the team’s roles that may change or review a segmentation', async () => {
    const res = await as(bea(), 'GET', '/roles/assignable-users');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: team.roles.Owner, name: 'Owner' },
      { id: team.roles.Member, name: 'Member' },
      { id: team.roles.Annotator, name: 'Annotator' },
      { id: team.roles.Reviewer, name: 'Reviewer' },
    ]);
  });
});

describe('assigning users to a role box', () => {
  it('assigns a team user holding the role; assigning again answers the same assignment', async () => {
    const { series, segmentation } = await shared(team);
    const body = { segmentation_id: segmentation.id, user_id: bea().id, role_id: team.roles.Annotator };
    const res = await add(owner, body);
    expect(res).toMatchObject({
      status: 201,
      body: {
        segmentation_id: segmentation.id,
        user_id: bea().id,
        role_id: team.roles.Annotator,
        name: 'Bea',
      },
    });
    expect((await add(owner, body)).body.id).toBe(res.body.id);
    const assigned = await as(owner, 'GET', `/segmentations/assigned-users-to-serie/${series.uuid}`);
    expect(assigned.body).toEqual([res.body]);
    const organize = await as(bea(), 'GET', `/annotator/studies/${await studyUuid(series.id)}`);
    expect(organize.body.segmentations[0]).toMatchObject({
      roles: { [team.roles.Annotator]: [res.body], [team.roles.Member]: [] },
      can: { edit: true, assign: false },
    });
  });

  it('offers the role’s holders who are not in its box yet, by name, and nobody of other roles', async () => {
    const { series, segmentation } = await shared(team);
    await assignUser(t, team, segmentation, bea(), team.roles.Annotator);
    // Assigned in another box, Cy is still offered for the Annotator box.
    await assignUser(t, team, segmentation, cy(), team.roles.Member);
    const path = (teamId: number, serieId: number, segmentationId: number, roleId: number) =>
      `/segmentations/available-users/${teamId}/${serieId}/${segmentationId}/${roleId}`;
    const res = await as(owner, 'GET', path(team.id, series.id, segmentation.id, team.roles.Annotator));
    expect(res).toMatchObject({
      status: 200,
      body: [
        { id: abe().id, name: 'Abe', email: abe().email },
        { id: cy().id, name: 'Cy' },
      ],
    });
    const members = await as(owner, 'GET', path(team.id, series.id, segmentation.id, team.roles.Member));
    expect(members.body.map((u: { id: number }) => u.id)).toEqual([member.id]);
    const theirs = await shared(other);
    const { series: elsewhere } = await shared(team);
    for (const foreign of [
      path(other.id, series.id, segmentation.id, team.roles.Annotator),
      path(team.id, elsewhere.id, segmentation.id, team.roles.Annotator),
      path(team.id, theirs.series.id, segmentation.id, team.roles.Annotator),
      path(team.id, theirs.series.id, theirs.segmentation.id, team.roles.Annotator),
      path(team.id, series.id, segmentation.id, other.roles.Annotator),
    ])
      expect((await as(owner, 'GET', foreign)).status, foreign).toBe(404);
    // Offering users is part of assigning: an Annotator may not, and an unshared segmentation has no box.
    expect(
      (await as(bea(), 'GET', path(team.id, series.id, segmentation.id, team.roles.Annotator))).status,
    ).toBe(403);
    const unshared = await shared(team, { rbac: false });
    const none = await as(
      owner,
      'GET',
      path(team.id, unshared.series.id, unshared.segmentation.id, team.roles.Annotator),
    );
    expect(none).toMatchObject({ status: 422, body: { message: NOT_SHARED } });
  });

  it('refuses a user without the role, an unshared segmentation, a role without a box (422)', async () => {
    const { segmentation } = await shared(team);
    const lacks = await add(owner, {
      segmentation_id: segmentation.id,
      user_id: member.id,
      role_id: team.roles.Annotator,
    });
    expect(lacks).toMatchObject({ status: 422, body: { message: USER_LACKS_ROLE } });
    const unshared = await shared(team, { rbac: false });
    const notShared = await add(owner, {
      segmentation_id: unshared.segmentation.id,
      user_id: bea().id,
      role_id: team.roles.Annotator,
    });
    expect(notShared).toMatchObject({ status: 422, body: { message: NOT_SHARED } });
    const noBox = await add(owner, {
      segmentation_id: segmentation.id,
      user_id: bea().id,
      role_id: team.roles.Viewer,
    });
    expect(noBox).toMatchObject({ status: 422, body: { message: ROLE_NOT_ASSIGNABLE } });
    const nobody = await add(owner, {
      segmentation_id: segmentation.id,
      user_id: bea().id,
      role_id: team.roles.Nobody ?? 0,
    });
    expect(nobody.status).toBe(422);
  });

  it('answers 404 for another team’s segmentation, user or role', async () => {
    const { segmentation } = await shared(team);
    const theirs = await shared(other);
    const bodies = [
      { segmentation_id: theirs.segmentation.id, user_id: bea().id, role_id: team.roles.Annotator },
      { segmentation_id: segmentation.id, user_id: otherMember.id, role_id: team.roles.Annotator },
      { segmentation_id: segmentation.id, user_id: otherMember.id, role_id: other.roles.Annotator },
      { segmentation_id: segmentation.id, user_id: bea().id, role_id: other.roles.Annotator },
    ];
    for (const body of bodies) expect((await add(owner, body)).status, JSON.stringify(body)).toBe(404);
    expect(
      await t.db
        .selectFrom('segmentation_users')
        .select('id')
        .where('segmentation_id', 'in', [segmentation.id, theirs.segmentation.id])
        .execute(),
    ).toEqual([]);
    const foreignSeries = await as(
      owner,
      'GET',
      `/segmentations/assigned-users-to-serie/${theirs.series.uuid}`,
    );
    expect(foreignSeries.status).toBe(404);
  });

  it('lets only those who manage it assign: the Owner and its creator, not an Annotator', async () => {
    const { segmentation } = await shared(team, { user: bea() });
    const body = (user: TestUser) => ({
      segmentation_id: segmentation.id,
      user_id: user.id,
      role_id: team.roles.Annotator,
    });
    expect((await add(abe(), body(cy()))).status).toBe(403);
    await assignUser(t, team, segmentation, abe(), team.roles.Annotator);
    expect((await add(abe(), body(cy()))).status).toBe(403);
    expect((await add(bea(), body(cy()))).status).toBe(201);
    expect((await add(owner, body(bea()))).status).toBe(201);
  });
});

describe('DELETE /segmentations/unassign-user-from-segmentation', () => {
  it('takes a user out of a box, and with it what the box allowed', async () => {
    const { series, segmentation } = await shared(team);
    await assignUser(t, team, segmentation, bea(), team.roles.Annotator);
    const at = `${series.uuid}/${segmentation.id}`;
    expect((await as(bea(), 'POST', `/annotator/segment/create/${at}`)).status).toBe(201);
    const path = `/segmentations/unassign-user-from-segmentation/${segmentation.id}/${bea().id}/${team.roles.Annotator}`;
    expect((await as(bea(), 'DELETE', path)).status).toBe(403);
    expect((await as(owner, 'DELETE', path)).status).toBe(204);
    expect((await as(owner, 'DELETE', path)).status).toBe(404);
    expect((await as(bea(), 'POST', `/annotator/segment/create/${at}`)).status).toBe(403);
    const theirs = await shared(other);
    await assignUser(t, other, theirs.segmentation, otherMember, other.roles.Annotator);
    const foreign = [
      `${theirs.segmentation.id}/${otherMember.id}/${other.roles.Annotator}`,
      `${segmentation.id}/${otherMember.id}/${team.roles.Annotator}`,
      `${segmentation.id}/${bea().id}/${other.roles.Annotator}`,
    ];
    for (const ids of foreign)
      expect(
        (await as(owner, 'DELETE', `/segmentations/unassign-user-from-segmentation/${ids}`)).status,
      ).toBe(404);
    expect(
      await t.db
        .selectFrom('segmentation_users')
        .select('id')
        .where('segmentation_id', '=', theirs.segmentation.id)
        .execute(),
    ).toHaveLength(1);
  });
});

async function studyUuid(seriesId: number): Promise<string> {
  const row = await t.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select('studies.uuid')
    .where('series.id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return row.uuid;
}
