import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  AI_MODEL_BUILT_IN,
  AI_MODEL_CODE_TAKEN,
  AI_MODEL_EXTERNAL_FILE,
  AI_MODEL_NOT_ONNX,
  AI_MODEL_OTHER_TEAM,
  type AiModel,
  type AiModelInput,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTALSEGMENTATOR_CLASS_MAP } from '../../platform/db/migrations/totalsegmentator-classes';
import { TOTALSEGMENTATOR_COLOURS } from '../../platform/db/migrations/totalsegmentator-colours';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { onnxConvModel } from '../../../test/onnx-models';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';

const LIMIT = 64 * 1024;
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let inferer: TestUser;
let powerless: TestUser;
beforeAll(async () => {
  t = await createTestApp({ AI_MODEL_MAX_BYTES: String(LIMIT) });
  owner = await buildUser(t, { name: 'Olivia Owner' });
  team = await buildTeam(t, owner, { title: 'Liver Lab' });
  otherOwner = await buildUser(t);
  other = await buildTeam(t, otherOwner);
  await buildRole(t, team, 'Inferer', ['r:ai-infers']);
  inferer = await buildMember(t, team, 'Inferer');
  await buildRole(t, team, 'Nobody');
  powerless = await buildMember(t, team, 'Nobody');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: user === otherOwner ? other.slug : team.slug, ...opts });

const liver: AiModelInput = {
  name: 'Liver and tumour',
  code: 'liver-tumour',
  description: 'nnU-Net, 5 folds',
  structure: 'liver',
  segments: [
    { title: 'Tumour', value: 2 },
    { title: 'Liver', value: 1 },
  ],
  runtime: 'onnx',
  modality: 'ct',
  spacing: [0.8, 0.8, 1.5],
  patch_size: [128, 128, 64],
  normalization: { kind: 'ct', clip: [-100, 250], mean: 99.4, std: 39.4 },
};

async function create(user: TestUser, input: AiModelInput): Promise<AiModel> {
  const res = await as(user, 'POST', '/ai2/model', { body: input });
  expect(res.status).toBe(201);
  return res.body as AiModel;
}

describe('AI model registry', () => {
  it('seeds the spec’s four codes with TotalSegmentator’s class lists, visible to every team', async () => {
    const res = await as(otherOwner, 'GET', '/ai2/models');
    expect(res.status).toBe(200);
    const models = (res.body as { models: AiModel[] }).models;
    expect(models.map((m) => [m.code, m.modality, m.spacing[0], m.runtime, m.built_in, m.ready])).toEqual([
      ['total', 'CT', 1.5, 'external', true, true],
      ['total6mm', 'CT', 6, 'external', true, true],
      ['total-mr', 'MR', 1.5, 'external', true, true],
      ['total-mr6mm', 'MR', 6, 'external', true, true],
    ]);
    const total = models[0];
    const classes = Object.entries(TOTALSEGMENTATOR_CLASS_MAP.total);
    expect(total?.segments).toHaveLength(classes.length);
    // The colours a result gets: each class's from the catalogue, none twice (decision 0098).
    expect(total?.segments.map((s) => s.color)).toEqual(
      total?.segments.map((s) => TOTALSEGMENTATOR_COLOURS[TOTALSEGMENTATOR_CLASS_MAP.total[s.value] ?? '']),
    );
    expect(new Set(total?.segments.map((s) => s.color)).size).toBe(classes.length);
    expect(total?.segments[0]).toMatchObject({
      value: 1,
      title: 'Spleen',
      color: TOTALSEGMENTATOR_COLOURS.spleen,
    });
    expect(total?.segments.at(-1)?.value).toBe(Math.max(...classes.map(([v]) => Number(v))));
    expect(total).toMatchObject({
      structure_slug: 'totalsegmentator-total',
      can_edit: false,
      is_private: false,
    });
    expect(models[2]?.segments).toHaveLength(Object.keys(TOTALSEGMENTATOR_CLASS_MAP.total_mr).length);
  });

  it('answers the spec’s short form with i=1, to whoever picks models for inference', async () => {
    const res = await as(inferer, 'GET', '/ai2/models?i=1');
    expect(res.status).toBe(200);
    expect(res.body.models[0]).toEqual({ code: 'total', id: expect.any(Number) });
    expect(Object.keys(res.body.models[0] as object).sort()).toEqual(['code', 'id']);
    expect((await as(powerless, 'GET', '/ai2/models?i=1')).status).toBe(403);
  });

  it('creates a private model of the team: segments by value with colours, author and team', async () => {
    const model = await create(owner, liver);
    expect(model).toMatchObject({
      name: 'Liver and tumour',
      code: 'liver-tumour',
      structure_name: 'Liver',
      modality: 'CT',
      channels: 1,
      segments: [
        // The structure's catalogue colour for the first, the palette's by position for the others.
        { title: 'Liver', value: 1, color: TOTALSEGMENTATOR_COLOURS.liver },
        { title: 'Tumour', value: 2, color: '#3cb44b' },
      ],
      created_by_user_name: 'Olivia Owner',
      created_by_team_name: 'Liver Lab',
      is_private: true,
      is_derived: false,
      parent_id: null,
      built_in: false,
      can_edit: true,
      file: null,
      ready: false,
    });
    const detail = await as(inferer, 'GET', `/ai2/model/${model.id}`);
    expect(detail.body).toMatchObject({ id: model.id, can_edit: false });
    const mine = await as(owner, 'GET', '/ai2/models?search=TUMOUR&runtime=onnx&modality=CT');
    expect(mine.body.models.map((m: AiModel) => m.code)).toEqual(['liver-tumour']);
  });

  it('keeps a private model from every other team: list, detail, change and file answer 404', async () => {
    const model = await create(owner, { ...liver, code: 'hidden' });
    const list = await as(otherOwner, 'GET', '/ai2/models?i=1');
    expect(list.body.models.map((m: { code: string }) => m.code)).not.toContain('hidden');
    for (const [method, path] of [
      ['GET', `/ai2/model/${model.id}`],
      ['PUT', `/ai2/model/${model.id}`],
      ['DELETE', `/ai2/model/${model.id}`],
      ['GET', `/ai2/model/${model.id}/file`],
    ] as const)
      expect((await as(otherOwner, method, path, method === 'PUT' ? { body: liver } : {})).status).toBe(404);
  });

  it('shows a public model to other teams, read-only (403)', async () => {
    const model = await create(owner, { ...liver, code: 'shared', is_private: false });
    const seen = await as(otherOwner, 'GET', `/ai2/model/${model.id}`);
    expect(seen.body).toMatchObject({ code: 'shared', can_edit: false, created_by_team_name: 'Liver Lab' });
    const put = await as(otherOwner, 'PUT', `/ai2/model/${model.id}`, { body: liver });
    expect(put).toMatchObject({ status: 403, body: { message: AI_MODEL_OTHER_TEAM } });
    expect((await as(otherOwner, 'DELETE', `/ai2/model/${model.id}`)).status).toBe(403);
  });

  it('keeps built-in models read-only (403) and their codes reserved (409)', async () => {
    const total = (await as(owner, 'GET', '/ai2/models')).body.models[0] as AiModel;
    const put = await as(owner, 'PUT', `/ai2/model/${total.id}`, { body: liver });
    expect(put).toMatchObject({ status: 403, body: { message: AI_MODEL_BUILT_IN } });
    expect((await as(owner, 'DELETE', `/ai2/model/${total.id}`)).status).toBe(403);
    expect(
      (
        await as(owner, 'PUT', `/ai2/model/${total.id}/file`, {
          bytes: onnxConvModel({ channels: 1, classes: 2 }),
        })
      ).status,
    ).toBe(403);
    const taken = await as(owner, 'POST', '/ai2/model', { body: { ...liver, code: 'total-mr' } });
    expect(taken).toMatchObject({ status: 409, body: { message: AI_MODEL_CODE_TAKEN } });
  });

  it('takes a code once per team; another team may use it', async () => {
    await create(owner, { ...liver, code: 'twice' });
    expect((await as(owner, 'POST', '/ai2/model', { body: { ...liver, code: 'twice' } })).status).toBe(409);
    await create(otherOwner, { ...liver, code: 'twice' });
  });

  it('validates the fields (422): code, segments, spacing, patch size, what ONNX needs', async () => {
    const bad: [Partial<AiModelInput>, string][] = [
      [{ code: 'Not A Slug' }, 'code'],
      [{ segments: [] }, 'segments'],
      [{ segments: [{ title: 'Background', value: 0 }] }, 'segments.0.value'],
      [
        {
          segments: [
            { title: 'A', value: 1 },
            { title: 'B', value: 1 },
          ],
        },
        'segments.1.value',
      ],
      [{ spacing: [1, 0, 1] }, 'spacing.1'],
      [{ patch_size: [128, 128.5, 64] }, 'patch_size.1'],
      [{ patch_size: null }, 'patch_size'],
      [{ normalization: { kind: 'ct', clip: [250, -100], mean: 0, std: 1 } }, 'normalization.clip'],
    ];
    for (const [change, field] of bad) {
      const res = await as(owner, 'POST', '/ai2/model', { body: { ...liver, ...change } });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors as object), field).toContain(field);
    }
    const external = await create(owner, {
      ...liver,
      code: 'external',
      runtime: 'external',
      patch_size: null,
      normalization: null,
    });
    expect(external.ready).toBe(true);
    expect((await as(owner, 'POST', '/ai2/model', { body: { ...liver, structure: 'no-such' } })).status).toBe(
      404,
    );
  });

  it('stores an ONNX file that fits, answers its header and serves its bytes', async () => {
    const model = await create(owner, { ...liver, code: 'with-file' });
    const bytes = onnxConvModel({ channels: 1, classes: 3 });
    const res = await as(owner, 'PUT', `/ai2/model/${model.id}/file`, { bytes });
    expect(res.status).toBe(200);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(res.body).toMatchObject({
      ready: true,
      file: {
        size: bytes.length,
        sha256,
        ir_version: 8,
        opset: 17,
        producer: 'voxa-tests',
        inputs: [{ name: 'image', shape: [1, 1, 'D', 'H', 'W'] }],
        outputs: [{ name: 'logits', shape: [1, 3, 'D', 'H', 'W'] }],
      },
    });
    const download = await fetch(`${t.url}/api/ai2/model/${model.id}/file`, {
      headers: { authorization: `Bearer ${owner.token}`, team: team.slug },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('x-model-sha256')).toBe(sha256);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    // The file pins the segments: a third segment would need four output channels.
    const more = {
      ...liver,
      code: 'with-file',
      segments: [...liver.segments, { title: 'Vessels', value: 3 }],
    };
    const put = await as(owner, 'PUT', `/ai2/model/${model.id}`, { body: more });
    expect(put.status).toBe(422);
    expect(put.body.errors.segments[0]).toMatch(/3 channels; 4 classes/);
    // Turned external, the model drops its file.
    const external = { ...liver, code: 'with-file', runtime: 'external' as const };
    const dropped = await as(owner, 'PUT', `/ai2/model/${model.id}`, { body: external });
    expect(dropped.body).toMatchObject({ file: null, ready: true });
    expect((await as(owner, 'GET', `/ai2/model/${model.id}/file`)).status).toBe(404);
  });

  it('refuses a file that is not ONNX, does not fit, is too large, or belongs to an external model', async () => {
    const model = await create(owner, { ...liver, code: 'refusals' });
    const put = (bytes: Uint8Array) => as(owner, 'PUT', `/ai2/model/${model.id}/file`, { bytes });
    const notOnnx = await put(new TextEncoder().encode('PK\u0003\u0004 a zip, not a model'));
    expect(notOnnx).toMatchObject({ status: 422, body: { message: AI_MODEL_NOT_ONNX } });
    const wrong = await put(onnxConvModel({ channels: 2, classes: 3 }));
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors as object)).toEqual(['channels']);
    expect((await put(new Uint8Array(LIMIT + 1))).status).toBe(413);
    expect((await as(owner, 'GET', `/ai2/model/${model.id}`)).body.file).toBeNull();
    const external = await create(owner, { ...liver, code: 'external-file', runtime: 'external' });
    const res = await as(owner, 'PUT', `/ai2/model/${external.id}/file`, {
      bytes: onnxConvModel({ channels: 1, classes: 3 }),
    });
    expect(res).toMatchObject({ status: 422, body: { message: AI_MODEL_EXTERNAL_FILE } });
  });

  it('derives a model from a visible parent; a hidden parent answers 404, a cycle 422', async () => {
    const parent = await create(owner, { ...liver, code: 'parent' });
    const child = await create(owner, { ...liver, code: 'child', parent_id: parent.id });
    expect(child).toMatchObject({ parent_id: parent.id, is_derived: true });
    const hidden = await create(otherOwner, { ...liver, code: 'hidden-parent' });
    const foreign = await as(owner, 'POST', '/ai2/model', {
      body: { ...liver, code: 'x', parent_id: hidden.id },
    });
    expect(foreign.status).toBe(404);
    const cycle = await as(owner, 'PUT', `/ai2/model/${parent.id}`, {
      body: { ...liver, code: 'parent', parent_id: child.id },
    });
    expect(cycle.status).toBe(422);
    expect((await as(owner, 'DELETE', `/ai2/model/${parent.id}`)).status).toBe(204);
    const orphan = await as(owner, 'GET', `/ai2/model/${child.id}`);
    expect(orphan.body).toMatchObject({ parent_id: null, is_derived: true });
  });

  it('deletes a model with its file', async () => {
    const model = await create(owner, { ...liver, code: 'deleted' });
    await as(owner, 'PUT', `/ai2/model/${model.id}/file`, {
      bytes: onnxConvModel({ channels: 1, classes: 3 }),
    });
    const file = path.join(t.config.DATA_DIR, 'teams', String(team.id), 'ai-models', `${model.id}.onnx`);
    expect(existsSync(file)).toBe(true);
    expect((await as(owner, 'DELETE', `/ai2/model/${model.id}`)).status).toBe(204);
    expect((await as(owner, 'GET', `/ai2/model/${model.id}`)).status).toBe(404);
    const stored = await t.db
      .selectFrom('ai_models')
      .select('id')
      .where('id', '=', model.id)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('lets only r:ai-models change models; readers through inference see them', async () => {
    expect((await as(inferer, 'POST', '/ai2/model', { body: { ...liver, code: 'nope' } })).status).toBe(403);
    expect((await as(powerless, 'GET', '/ai2/models')).status).toBe(403);
  });
});
