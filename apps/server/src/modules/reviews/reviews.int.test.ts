import type { Notification, Review, ReviewList } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { assignUser, buildSegmentation, buildStructure } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { onlyTheAuthorReviews } from '../segmentations/reviewers';
import { ALREADY_PENDING, NOTHING_PENDING } from './service';

/**
 * Reviews (docs/decisions/0042-reviews.md, who reviews after 0093): submit, approve, request changes and
 * comment, who may do each, the states, the history, the lists, the notifications, and other teams' ids.
 */
let t: TestApp;
let team: TestTeam;
let owner: TestUser;
let annotator: TestUser;
let reviewer: TestUser;
let member: TestUser;
let viewer: TestUser;
/** Reads segmentations (r:studies:detail) but holds no r:reviews. */
let reader: TestUser;
let outsider: TestUser;
let otherTeam: TestTeam;
let foreignSegmentation: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner);
  await buildRole(t, team, 'Reviewer', ['r:dashboard', 'r:studies', 'r:studies:detail', 'r:reviews']);
  annotator = await buildMember(t, team, 'Annotator', { name: 'Anna Annotator' });
  reviewer = await buildMember(t, team, 'Reviewer', { name: 'Rita Reviewer' });
  member = await buildMember(t, team, 'Member', { name: 'Mia Member' });
  viewer = await buildMember(t, team, 'Viewer', { name: 'Vic Viewer' });
  await buildRole(t, team, 'Reader', ['r:dashboard', 'r:studies', 'r:studies:detail']);
  reader = await buildMember(t, team, 'Reader', { name: 'Rex Reader' });
  outsider = await buildUser(t);
  otherTeam = await buildTeam(t, outsider);
  const series = await buildSeries(t, otherTeam, await buildStudy(t, otherTeam));
  foreignSegmentation = await buildSegmentation(t, otherTeam, series, { rbac: false });
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, body?: unknown) =>
  t.call(method, path, { token: user.token, team: team.slug, ...(body === undefined ? {} : { body }) });

/** A shared segmentation of a new study, made by the Owner, with Anna annotating and Rita reviewing. */
async function sharedSegmentation() {
  const study = await buildStudy(t, team, { patientName: 'Case^One' });
  const series = await buildSeries(t, team, study);
  const structure = await buildStructure(t, { team, title: 'Liver' });
  const segmentation = await buildSegmentation(t, team, series, { rbac: true, user: owner, structure });
  await assignUser(t, team, segmentation, annotator, team.roles.Annotator);
  await assignUser(t, team, segmentation, reviewer, team.roles.Reviewer as number);
  return { segmentation, series, study };
}

async function notificationsOf(user: TestUser): Promise<Notification[]> {
  const res = await as(user, 'GET', '/notification?per_page=100');
  expect(res.status).toBe(200);
  return res.body.notifications.data;
}

const review = (user: TestUser, id: number) => as(user, 'GET', `/segmentations/${id}/review`);
const act = (user: TestUser, id: number, action: 'submit' | 'approve' | 'request-changes') =>
  as(user, 'POST', `/segmentations/${id}/review/${action}`);

describe('a review from submission to approval on a shared segmentation', () => {
  it('moves through its states, records its history and notifies each side', async () => {
    const { segmentation, series } = await sharedSegmentation();
    const id = segmentation.id;
    const url = `/annotator/case/${series.uuid}?task_id=${id}&review=true`;

    const before = await review(annotator, id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ state: null, round: 0, history: [], comments: [] });
    expect(before.body.can).toEqual({ submit: true, decide: false, comment: true });
    expect((await review(reviewer, id)).body.can).toEqual({ submit: false, decide: false, comment: true });

    // Only its authors submit; a reviewer does not.
    expect((await act(reviewer, id, 'submit')).status).toBe(403);
    const submitted = await act(annotator, id, 'submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      state: 'pending',
      round: 1,
      submitted_by: { id: annotator.id, name: 'Anna Annotator' },
      history: [{ kind: 'submitted', round: 1, user: { id: annotator.id } }],
    });
    expect(await act(annotator, id, 'submit')).toMatchObject({
      status: 409,
      body: { message: ALREADY_PENDING },
    });

    // The reviewer is told; the unassigned Member is not.
    expect((await notificationsOf(reviewer))[0]).toMatchObject({
      type_code: 'review.submit',
      model1_id: id,
      section: 'reviews',
      url,
      description: 'Liver · Case^One',
    });
    expect((await notificationsOf(member)).filter((n) => n.model1_id === id)).toEqual([]);

    // Nobody approves their own work, and who lacks r:reviews decides nothing (Rex reads it; Vic does not).
    expect((await act(annotator, id, 'approve')).status).toBe(403);
    expect((await act(annotator, id, 'request-changes')).status).toBe(403);
    expect((await review(reader, id)).body.can).toEqual({ submit: false, decide: false, comment: false });
    expect((await act(reader, id, 'approve')).status).toBe(403);
    expect((await act(viewer, id, 'approve')).status).toBe(403);
    expect((await review(annotator, id)).body.state).toBe('pending');
    expect((await review(reviewer, id)).body.can).toEqual({ submit: false, decide: true, comment: true });

    const sentBack = await act(reviewer, id, 'request-changes');
    expect(sentBack.body.state).toBe('changes_requested');
    expect((await notificationsOf(annotator))[0]).toMatchObject({ type_code: 'review.request.changes', url });
    expect(await act(reviewer, id, 'approve')).toMatchObject({
      status: 409,
      body: { message: NOTHING_PENDING },
    });

    const again = await act(annotator, id, 'submit');
    expect(again.body).toMatchObject({ state: 'pending', round: 2 });
    const approved = await act(reviewer, id, 'approve');
    expect(approved.status).toBe(200);
    const body: Review = approved.body;
    expect(body.state).toBe('approved');
    expect(body.history.map((e) => [e.kind, e.round, e.user?.name])).toEqual([
      ['submitted', 1, 'Anna Annotator'],
      ['changes_requested', 1, 'Rita Reviewer'],
      ['submitted', 2, 'Anna Annotator'],
      ['approved', 2, 'Rita Reviewer'],
    ]);
    expect((await notificationsOf(annotator))[0]).toMatchObject({
      type_code: 'review.approve',
      model1_id: id,
    });
    // An approved segmentation may be submitted again after further changes.
    expect((await review(annotator, id)).body.can.submit).toBe(true);
  });

  it('lets any other member holding r:reviews decide, assigned or not, the Owner in its box too', async () => {
    // Issue 39: with the seeded roles only, nobody was a reviewer of a shared segmentation.
    const series = await buildSeries(t, team, await buildStudy(t, team));
    const segmentation = await buildSegmentation(t, team, series, { rbac: true, user: owner });
    await assignUser(t, team, segmentation, annotator, team.roles.Annotator);
    const id = segmentation.id;
    const submitted = async (user: TestUser, round: number) =>
      (await notificationsOf(user)).some(
        (n) => n.type_code === 'review.submit' && n.model1_id === id && n.model2_id === round,
      );
    expect((await act(annotator, id, 'submit')).status).toBe(200);
    // Nobody but Anna is in its boxes: every member who may review is told (not Vic nor Rex).
    for (const user of [owner, reviewer, member]) expect(await submitted(user, 1)).toBe(true);
    for (const user of [viewer, reader, annotator]) expect(await submitted(user, 1)).toBe(false);
    // Mia, an unassigned Member, may decide it and comment; she may not change it.
    expect((await review(member, id)).body.can).toEqual({ submit: false, decide: true, comment: true });
    expect((await act(member, id, 'request-changes')).body.state).toBe('changes_requested');

    // With the Owner in the Owner box (the 403), the next round tells the Owner alone.
    await assignUser(t, team, segmentation, owner, team.roles.Owner);
    expect((await act(annotator, id, 'submit')).status).toBe(200);
    expect(await submitted(owner, 2)).toBe(true);
    for (const user of [reviewer, member]) expect(await submitted(user, 2)).toBe(false);
    const approved = await act(owner, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.history.at(-1)).toMatchObject({ kind: 'approved', user: { id: owner.id } });
  });
});

describe('who can review, on the segmentation', () => {
  const detail = (user: TestUser, id: number) => as(user, 'GET', `/segmentations/${id}`);

  it('names the reviewers, the author of the round left out', async () => {
    const series = await buildSeries(t, team, await buildStudy(t, team));
    const segmentation = await buildSegmentation(t, team, series, { rbac: true, user: owner });
    await assignUser(t, team, segmentation, annotator, team.roles.Annotator);
    const id = segmentation.id;
    // Before a submission: everyone holding r:reviews but the caller, who would submit it.
    expect((await detail(annotator, id)).body).toMatchObject({
      reviewers: ['Mia Member', 'Olga Owner', 'Rita Reviewer'],
      nobody_reviews: null,
    });
    // Rex may not submit it: he is nobody's author, and no reviewer either.
    expect((await detail(reader, id)).body.reviewers).toEqual([
      'Anna Annotator',
      'Mia Member',
      'Olga Owner',
      'Rita Reviewer',
    ]);
    // Pending: its submitter is left out, whoever asks.
    await act(annotator, id, 'submit');
    for (const user of [annotator, owner, reader])
      expect((await detail(user, id)).body.reviewers).toEqual(['Mia Member', 'Olga Owner', 'Rita Reviewer']);
  });

  it('says why nobody can, and a submission then answers 409 with the same words', async () => {
    const alone = await buildUser(t, { name: 'Sol Solo' });
    const soloTeam = await buildTeam(t, alone);
    const series = await buildSeries(t, soloTeam, await buildStudy(t, soloTeam));
    const { id } = await buildSegmentation(t, soloTeam, series, { rbac: true, user: alone });
    const inSolo = (method: string, path: string) =>
      t.call(method, path, { token: alone.token, team: soloTeam.slug });
    const why = onlyTheAuthorReviews('Sol Solo');
    expect((await inSolo('GET', `/segmentations/${id}`)).body).toMatchObject({
      reviewers: [],
      nobody_reviews: why,
    });
    expect(await inSolo('POST', `/segmentations/${id}/review/submit`)).toMatchObject({
      status: 409,
      body: { message: why },
    });
    // A Viewer holds no r:reviews: still nobody.
    await buildMember(t, soloTeam, 'Viewer');
    expect((await inSolo('POST', `/segmentations/${id}/review/submit`)).status).toBe(409);
    // A second member of a seeded role reviews it.
    const second = await buildMember(t, soloTeam, 'Member', { name: 'Sam Second' });
    expect((await inSolo('GET', `/segmentations/${id}`)).body).toMatchObject({
      reviewers: ['Sam Second'],
      nobody_reviews: null,
    });
    expect((await inSolo('POST', `/segmentations/${id}/review/submit`)).status).toBe(200);
    const approve = await t.call('POST', `/segmentations/${id}/review/approve`, {
      token: second.token,
      team: soloTeam.slug,
    });
    expect(approve.body.state).toBe('approved');
  });
});

describe('on a segmentation nobody restricts', () => {
  it('lets whoever holds r:reviews decide, but not on their own submission', async () => {
    const series = await buildSeries(t, team, await buildStudy(t, team));
    const { id } = await buildSegmentation(t, team, series, { rbac: false, user: member });
    expect((await act(member, id, 'submit')).status).toBe(200);
    // Everyone else who may review it is told: the Owner, Anna, Rita; not Vic, who only views studies.
    for (const user of [owner, annotator, reviewer])
      expect((await notificationsOf(user))[0]).toMatchObject({ type_code: 'review.submit', model1_id: id });
    expect((await notificationsOf(viewer)).filter((n) => n.model1_id === id)).toEqual([]);
    expect((await act(member, id, 'approve')).status).toBe(403);
    expect((await act(annotator, id, 'approve')).body.state).toBe('approved');
  });
});

describe('comments', () => {
  it('notifies each member a comment @mentions, once, and not its author', async () => {
    const { segmentation } = await sharedSegmentation();
    const id = segmentation.id;
    const res = await as(reviewer, 'POST', `/segmentations/${id}/comments`, {
      body: '@Mia Member could you check the left lobe? @mia member @Rita Reviewer @Nobody',
    });
    expect(res.status).toBe(201);
    const comment = res.body.comments.at(-1);
    expect(comment).toMatchObject({
      author: { id: reviewer.id, name: 'Rita Reviewer' },
      mentions: [{ id: member.id, name: 'Mia Member' }],
    });
    const mentioned = (await notificationsOf(member)).filter((n) => n.type_code === 'review.add.comment');
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]).toMatchObject({ model1_id: id, model2_id: comment.id });
    const ownMentions = (await notificationsOf(reviewer)).filter((n) => n.type_code === 'review.add.comment');
    expect(ownMentions).toEqual([]);

    // Those who may mention: readers of the segmentation, not the caller; a Viewer cannot read it.
    const names = (await review(annotator, id)).body.mentionable.map((m: { name: string }) => m.name);
    expect(names).toEqual(['Mia Member', 'Olga Owner', 'Rex Reader', 'Rita Reviewer']);
  });

  it('refuses a member who may only read the segmentation, and an empty body', async () => {
    const { segmentation } = await sharedSegmentation();
    expect(
      (await as(reader, 'POST', `/segmentations/${segmentation.id}/comments`, { body: 'hi' })).status,
    ).toBe(403);
    // An unassigned member holding r:reviews reviews it, so may discuss it.
    expect(
      (await as(member, 'POST', `/segmentations/${segmentation.id}/comments`, { body: 'hi' })).status,
    ).toBe(201);
    expect(
      (await as(reviewer, 'POST', `/segmentations/${segmentation.id}/comments`, { body: '  ' })).status,
    ).toBe(422);
  });
});

describe('GET /reviews', () => {
  it('lists to-review and mine with the study, structure, author and state, by state', async () => {
    const { segmentation, study } = await sharedSegmentation();
    await act(annotator, segmentation.id, 'submit');
    const list = async (user: TestUser, query: string): Promise<ReviewList> => {
      const res = await as(user, 'GET', `/reviews?${query}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const toReview = await list(reviewer, 'box=to-review&state=pending');
    expect(toReview.data[0]).toMatchObject({
      segmentation_id: segmentation.id,
      study_uuid: study.uuid,
      patient_name: 'Case^One',
      structure: { title: 'Liver' },
      author: { id: annotator.id, name: 'Anna Annotator' },
      state: 'pending',
    });
    expect(toReview.total).toBe(toReview.data.length);
    const ids = (l: ReviewList) => l.data.map((r) => r.segmentation_id);
    expect(ids(await list(reviewer, 'state=approved'))).not.toContain(segmentation.id);
    expect(ids(await list(annotator, 'box=mine'))).toContain(segmentation.id);
    // Anna submitted it: it is not hers to review; Mia, in none of its boxes, holds r:reviews and reviews it.
    expect(ids(await list(annotator, 'box=to-review'))).not.toContain(segmentation.id);
    expect(ids(await list(member, 'box=to-review'))).toContain(segmentation.id);
    expect((await as(reader, 'GET', '/reviews')).status).toBe(403);
    expect((await as(viewer, 'GET', '/reviews')).status).toBe(403);
    expect((await as(reviewer, 'GET', '/reviews?box=all')).status).toBe(422);
  });
});

describe('another team’s and missing segmentations', () => {
  it('answer 404 on every review endpoint', async () => {
    for (const id of [foreignSegmentation.id, 2_000_000_000]) {
      expect((await review(owner, id)).status).toBe(404);
      for (const action of ['submit', 'approve', 'request-changes'] as const)
        expect((await act(owner, id, action)).status).toBe(404);
      expect((await as(owner, 'POST', `/segmentations/${id}/comments`, { body: 'hi' })).status).toBe(404);
    }
  });
});
