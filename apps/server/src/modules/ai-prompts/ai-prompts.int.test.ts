import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiPromptDetail, AiPromptSummary, AiPromptTestResult } from '@voxa/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { convertedSeries, corpusSeries, type ConvertedSeries } from '../../../test/mask-flow';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BUILT_IN_ACQUISITION_PROMPT } from './built-in';

/** A local OpenAI-compatible server standing in for the model: records what it is asked, answers `reply`. */
const asked: { messages: { role: string; content: string }[] }[] = [];
let reply: (series: { id: string }[]) => string = (series) =>
  JSON.stringify({ series: series.map((s) => ({ id: s.id, acquisitionCode: 'pv', score: 0.8 })) });
let delayMs = 0;
const llm = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    const body = JSON.parse(text) as { messages: { role: string; content: string }[] };
    asked.push(body);
    // The series sent are the JSON object among the user's message, whatever the template put around it.
    const json = body.messages[1]?.content.match(/\{"series":.*\}/s)?.[0] ?? '{"series":[]}';
    const content = reply((JSON.parse(json) as { series: { id: string }[] }).series);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    }, delayMs);
  });
});

let u: Uploader;
let admin: TestUser;
let member: TestUser;
let stored: ConvertedSeries;
let other: TestTeam;
let otherAdmin: TestUser;
beforeAll(async () => {
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as AddressInfo;
  u = await newUploader({ LLM_URL: `http://127.0.0.1:${port}/v1`, LLM_TIMEOUT_MS: '1500' });
  admin = await buildMember(u.t, u.team, 'Owner', { name: 'Ada Admin', admin: true });
  member = await buildMember(u.t, u.team, 'Owner');
  other = await buildTeam(u.t, await buildUser(u.t));
  otherAdmin = await buildMember(u.t, other, 'Owner', { admin: true });
  stored = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
}, 240_000);
afterAll(async () => {
  await u.t.close();
  llm.closeAllConnections();
  await new Promise((resolve) => llm.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
  delayMs = 0;
  reply = (series) =>
    JSON.stringify({ series: series.map((s) => ({ id: s.id, acquisitionCode: 'pv', score: 0.8 })) });
});

const as = (user: TestUser, team = u.team) => ({ token: user.token, team: team.slug });
const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, who = as(admin)) =>
  u.t.call(method, path, { ...who, ...(body !== undefined && { body }) });
const promptOf = async (modality: string): Promise<AiPromptSummary> => {
  const list = (await call('GET', '/ai-prompts')).body as AiPromptSummary[];
  const found = list.find((p) => p.modality === modality && p.type === 'acquisition');
  if (!found) throw new Error(`no ${modality} prompt`);
  return found;
};
const recognise = (series: { id: string; seriesDescription: string }[]) =>
  u.t.call('POST', `/llm/prompt/CT/acquisition/${u.team.id}`, {
    ...as(member),
    prefix: '/svc',
    body: { series: series.map((s) => ({ ...s, modality: 'CT' })) },
  });
const edited = {
  system: 'Tell the {{modality}} phase. Offered: {{codes}}. Reply in JSON like {"series":[...]}.',
  user: 'Series: {{series}}',
};

describe('the seeded prompts', () => {
  it('are one per modality offering acquisitions, version 1 the built-in text', async () => {
    const list = (await call('GET', '/ai-prompts')).body as AiPromptSummary[];
    expect(list.map((p) => p.modality)).toEqual(expect.arrayContaining(['CT', 'MR']));
    const ct = await promptOf('CT');
    const detail = (await call('GET', `/ai-prompts/${ct.id}`)).body as AiPromptDetail;
    expect(detail.versions).toHaveLength(detail.latestVersion);
    const first = detail.versions.at(-1);
    expect(first).toMatchObject({ version: 1, createdBy: null, ...BUILT_IN_ACQUISITION_PROMPT });
  });
});

describe('editing a prompt', () => {
  it('saves a new active version that recognition then sends; reverting sends the old one again', async () => {
    const ct = await promptOf('CT');
    const saved = await call('POST', `/ai-prompts/${ct.id}/versions`, edited);
    expect(saved.status).toBe(201);
    const detail = saved.body as AiPromptDetail;
    expect(detail.activeVersion).toBe(ct.latestVersion + 1);
    expect(detail.versions[0]).toMatchObject({
      version: detail.activeVersion,
      createdBy: 'Ada Admin',
      ...edited,
    });

    const res = await recognise([{ id: 'a', seriesDescription: 'Abdomen' }]);
    expect(res.body).toEqual({ source: 'llm', data: [{ id: 'a', acquisitionCode: 'PV', score: 0.8 }] });
    expect(asked[0]?.messages).toEqual([
      {
        role: 'system',
        content:
          'Tell the CT phase. Offered: CT: NONE, NATIVE, AR, PV, DL. Reply in JSON like {"series":[...]}.',
      },
      {
        role: 'user',
        content: `Series: ${JSON.stringify({ series: [{ id: 'a', modality: 'CT', seriesDescription: 'Abdomen' }] })}`,
      },
    ]);

    const reverted = await call('PUT', `/ai-prompts/${ct.id}/active`, { version: 1 });
    expect((reverted.body as AiPromptDetail).activeVersion).toBe(1);
    expect((reverted.body as AiPromptDetail).versions).toHaveLength(detail.versions.length);
    asked.length = 0;
    await recognise([{ id: 'a', seriesDescription: 'Abdomen' }]);
    expect(asked[0]?.messages[0]?.content).toMatch(/^You classify medical imaging series/);
    expect(asked[0]?.messages[0]?.content).toContain('CT: NONE, NATIVE, AR, PV, DL');
  });

  it('refuses a bad template with 422 and its reasons, and keeps the versions as they were', async () => {
    const ct = await promptOf('CT');
    const res = await call('POST', `/ai-prompts/${ct.id}/versions`, {
      system: 'Classify {{patientName}}.',
      user: 'the series',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      system: [
        'Unknown placeholder {{patientName}}: use {{series}}, {{codes}}, {{modality}}.',
        'The prompt must ask for an answer in JSON.',
      ],
      user: ['The prompt must hold {{series}}: without it the model sees no series.'],
    });
    expect((await promptOf('CT')).latestVersion).toBe(ct.latestVersion);
    expect((await call('POST', `/ai-prompts/${ct.id}/versions`, { system: ' ', user: 'x' })).status).toBe(
      422,
    );
  });

  it('answers 404 for an unknown prompt or version', async () => {
    const ct = await promptOf('CT');
    expect((await call('GET', '/ai-prompts/999999')).status).toBe(404);
    expect((await call('POST', '/ai-prompts/999999/versions', edited)).status).toBe(404);
    expect((await call('PUT', `/ai-prompts/${ct.id}/active`, { version: 999 })).status).toBe(404);
    expect((await call('PUT', '/ai-prompts/999999/active', { version: 1 })).status).toBe(404);
  });
});

describe('creating a prompt', () => {
  it('adds one for a modality without, 409 for one that has it, 422 for an unknown modality', async () => {
    const list = (await call('GET', '/ai-prompts')).body as AiPromptSummary[];
    const free = ['US', 'CR', 'DX', 'MG', 'RF', 'OT', 'NM'].find((m) => !list.some((p) => p.modality === m));
    const res = await call('POST', '/ai-prompts', {
      modality: free?.toLowerCase(),
      type: 'acquisition',
      ...edited,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      modality: free,
      type: 'acquisition',
      activeVersion: 1,
      latestVersion: 1,
    });
    expect(
      (await call('POST', '/ai-prompts', { modality: 'CT', type: 'acquisition', ...edited })).status,
    ).toBe(409);
    const unknown = await call('POST', '/ai-prompts', { modality: 'ZZ', type: 'acquisition', ...edited });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ modality: ['Unknown modality.'] });
    expect((await call('POST', '/ai-prompts', { modality: 'CT', type: 'report', ...edited })).status).toBe(
      422,
    );
  });
});

describe('the test box', () => {
  it('finds the team’s stored series by description, patient name or number; never another team’s', async () => {
    const all = await call('GET', '/ai-prompts/series');
    expect(all.body.map((s: { uuid: string }) => s.uuid)).toContain(stored.uuid);
    const byName = await call('GET', '/ai-prompts/series?search=anon-mask');
    expect(byName.body).toEqual([
      expect.objectContaining({ uuid: stored.uuid, studyUuid: stored.studyUuid, patientName: 'ANON-MASK' }),
    ]);
    const elsewhere = await call('GET', '/ai-prompts/series', undefined, as(otherAdmin, other));
    expect(elsewhere.body).toEqual([]);
  });

  it('runs a prompt on the stored series’ DICOM header against the model and shows everything', async () => {
    const ct = await promptOf('CT');
    const res = await call('POST', `/ai-prompts/${ct.id}/test`, { seriesUuid: stored.uuid, version: 1 });
    expect(res.status).toBe(200);
    const result = res.body as AiPromptTestResult;
    expect(result).toMatchObject({ version: 1, modelConfigured: true, source: 'llm', error: null });
    expect(result.series).toMatchObject({ id: stored.uuid, modality: 'CT' });
    // Read from the stored DICOM, not the row: the header's image type is there.
    expect(result.series.imageType).toContain('AXIAL');
    expect(result.messages).toEqual(asked[0]?.messages);
    expect(result.raw).toBe(
      JSON.stringify({ series: [{ id: stored.uuid, acquisitionCode: 'pv', score: 0.8 }] }),
    );
    expect(result.result).toEqual([{ id: stored.uuid, acquisitionCode: 'PV', score: 0.8 }]);
  });

  it('shows the raw answer and why it was not used, with the rules’ answer, when it is not the JSON asked', async () => {
    reply = () => 'It looks arterial to me.';
    const ct = await promptOf('CT');
    const result = (await call('POST', `/ai-prompts/${ct.id}/test`, { seriesUuid: stored.uuid })).body;
    expect(result).toMatchObject({ raw: 'It looks arterial to me.', source: 'rules' });
    expect(result.error).toMatch(/^The answer is not JSON/);
    expect(result.result).toHaveLength(1);
  });

  it('gives up on the model after LLM_TIMEOUT_MS and answers with the rules', async () => {
    delayMs = 3000;
    const ct = await promptOf('CT');
    const started = Date.now();
    const result = (await call('POST', `/ai-prompts/${ct.id}/test`, { seriesUuid: stored.uuid })).body;
    expect(Date.now() - started).toBeLessThan(2800);
    expect(result).toMatchObject({ raw: null, error: 'No answer within 1500 ms.', source: 'rules' });
  });

  it('is 404 for another team’s series, an unknown series, prompt or version', async () => {
    const ct = await promptOf('CT');
    const test = (body: unknown, who = as(admin), id = ct.id) =>
      call('POST', `/ai-prompts/${id}/test`, body, who);
    expect((await test({ seriesUuid: stored.uuid }, as(otherAdmin, other))).status).toBe(404);
    expect((await test({ seriesUuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await test({ seriesUuid: stored.uuid }, as(admin), 999999)).status).toBe(404);
    expect((await test({ seriesUuid: stored.uuid, version: 999 })).status).toBe(404);
    expect((await test({ seriesUuid: 'nope' })).status).toBe(422);
  });
});

describe('access', () => {
  it('is for administrators only: 403 for a team Owner, 401 without a token', async () => {
    const ct = await promptOf('CT');
    const owner = as(member);
    expect((await call('GET', '/ai-prompts', undefined, owner)).status).toBe(403);
    expect((await call('GET', `/ai-prompts/${ct.id}`, undefined, owner)).status).toBe(403);
    expect((await call('POST', `/ai-prompts/${ct.id}/versions`, edited, owner)).status).toBe(403);
    expect((await call('PUT', `/ai-prompts/${ct.id}/active`, { version: 1 }, owner)).status).toBe(403);
    expect(
      (await call('POST', '/ai-prompts', { modality: 'US', type: 'acquisition', ...edited }, owner)).status,
    ).toBe(403);
    expect((await call('GET', '/ai-prompts/series', undefined, owner)).status).toBe(403);
    expect((await call('POST', `/ai-prompts/${ct.id}/test`, { seriesUuid: stored.uuid }, owner)).status).toBe(
      403,
    );
    expect((await u.t.call('GET', '/ai-prompts')).status).toBe(401);
  });
});

describe('without a model (no LLM_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the test box says so, sends nothing, and shows the rules’ answer on what the row kept', async () => {
    const owner = await buildUser(t, { admin: true });
    const team = await buildTeam(t, owner);
    const study = await buildStudy(t, team);
    const series = await buildSeries(t, team, study, { data: { seriesDescription: 'Arterial 1mm' } });
    const list = (await t.call('GET', '/ai-prompts', { token: owner.token })).body as AiPromptSummary[];
    const ct = list.find((p) => p.modality === 'CT');
    const res = await t.call('POST', `/ai-prompts/${ct?.id}/test`, {
      token: owner.token,
      team: team.slug,
      body: { seriesUuid: series.uuid },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      modelConfigured: false,
      raw: null,
      error: null,
      source: 'rules',
      result: [{ id: series.uuid, acquisitionCode: 'AR', score: 0.9 }],
    });
    expect(res.body.series).toMatchObject({ seriesDescription: 'Arterial 1mm', imageType: [] });
    expect(asked).toEqual([]);
  });
});
