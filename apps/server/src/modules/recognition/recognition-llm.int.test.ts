import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecognitionResponse } from '@voxa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A stand-in for an OpenAI-compatible server: answers as `mode` says and records what it was asked. */
type Mode = 'answer' | 'error' | 'garbage' | 'slow';
let mode: Mode = 'answer';
let delayMs = 0;
const requests: { auth: string | undefined; body: { model: string; messages: { content: string }[] } }[] = [];
const modelAnswer = {
  series: [
    { id: 'a', acquisitionCode: 'pv', score: 0.8 },
    { id: 'b', acquisitionCode: 'XYZ', score: 0.99 },
  ],
};
const llm = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    requests.push({ auth: req.headers.authorization, body: JSON.parse(text) });
    const send = () => {
      if (mode === 'error') return res.writeHead(500).end('{"error":"down"}');
      const content = mode === 'garbage' ? 'I think it is arterial.' : JSON.stringify(modelAnswer);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    };
    if (mode === 'slow') setTimeout(send, delayMs);
    else send();
  });
});

let t: TestApp;
let team: TestTeam;
let uploader: TestUser;
const sockets: Socket[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as AddressInfo;
  t = await createTestApp({
    LLM_URL: `http://127.0.0.1:${port}/v1/`,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: '1500',
  });
  team = await buildTeam(t, await buildUser(t));
  uploader = await buildMember(t, team, 'Member');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  llm.closeAllConnections();
  await new Promise((resolve) => llm.close(resolve));
});
beforeEach(() => {
  mode = 'answer';
  requests.length = 0;
});

const body = {
  series: [
    { id: 'a', modality: 'CT', seriesDescription: 'Abdomen 3mm', contrastAgent: 'Iomeron' },
    { id: 'b', modality: 'CT', seriesDescription: 'Arterial' },
    { id: 'c', modality: 'CT', seriesDescription: 'Delayed' },
  ],
};
const recognise = () =>
  t.call('POST', `/llm/prompt/CT/acquisition/${team.id}`, {
    token: uploader.token,
    team: team.slug,
    body,
    prefix: '/svc',
  });

describe('recognition with an OpenAI-compatible model', () => {
  it('asks the model with the key, model and offered codes, and holds its answer to them', async () => {
    const res = await recognise();
    expect(res.body).toEqual({
      source: 'llm',
      data: [
        { id: 'a', acquisitionCode: 'PV', score: 0.8 },
        // A code CT does not offer becomes NONE with score 0.
        { id: 'b', acquisitionCode: 'NONE', score: 0 },
        // Left out by the model: the rules answer it.
        { id: 'c', acquisitionCode: 'DL', score: 0.9 },
      ],
    });
    const [asked] = requests;
    expect(asked?.auth).toBe('Bearer test-key');
    expect(asked?.body.model).toBe('test-model');
    expect(asked?.body.messages[0]?.content).toContain('CT: NONE, NATIVE, AR, PV, DL');
    expect(JSON.parse(asked?.body.messages[1]?.content ?? '{}').series[0]).toEqual({
      id: 'a',
      modality: 'CT',
      seriesDescription: 'Abdomen 3mm',
      contrastAgent: 'Iomeron',
    });
  });

  it.each<Mode>(['error', 'garbage'])('falls back to the rules when the model answers %s', async (m) => {
    mode = m;
    const res = await recognise();
    expect(res.body.source).toBe('rules');
    expect(res.body.data.map((d: { acquisitionCode: string }) => d.acquisitionCode)).toEqual([
      'PV',
      'AR',
      'DL',
    ]);
  });

  it('falls back to the rules when the model takes longer than LLM_TIMEOUT_MS', async () => {
    mode = 'slow';
    delayMs = 4000;
    const started = Date.now();
    const res = await recognise();
    expect(res.body.source).toBe('rules');
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('sends nothing for a prompt cancelled while the model is thinking', async () => {
    mode = 'slow';
    delayMs = 1000;
    const socket = await connectSocket(t, uploader.token);
    sockets.push(socket);
    const received = collect<RecognitionResponse>(socket, 'upload:study:aiprompt:response');
    const started = await t.call('POST', `/llm/prompts?wsid=${socket.id}`, {
      token: uploader.token,
      team: team.slug,
      body: { studies: [{ id: 'study', modality: 'CT', series: body.series }] },
    });
    expect(started.status).toBe(202);
    const id = started.body.prompts[0].llmRemoteId;
    await eventually(() => requests.length === 1);
    const cancelled = await t.call('POST', `/llm/cancel-prompt/${id}`, {
      token: uploader.token,
      team: team.slug,
      prefix: '/svc',
    });
    expect(cancelled.body).toEqual({ llmRemoteId: id, status: 'cancelled' });
    await new Promise((r) => setTimeout(r, 2000));
    expect(received).toEqual([]);
  });
});
