import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { apiToken, corpusFiles, dicomweb, stowBody } from '../../../test/dicomweb-calls';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessionKey } from '../../platform/storage/layout';

/**
 * STOW-RS reads its body as it arrives: instances are written while the next ones are received, and a
 * body that breaks off, is malformed or grows past the limit stores nothing and leaves nothing behind.
 */
const LIMIT = 3 * 1024 * 1024;
let t: TestApp;
/** The team whose stores fail: it must be left with nothing. */
let team: TestTeam;
let token: string;
let other: { team: TestTeam; token: string };
let files: Uint8Array[];

beforeAll(async () => {
  t = await createTestApp({ DICOMWEB_MAX_STOW_BYTES: String(LIMIT) });
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  token = await apiToken(t, owner, team);
  const otherTeam = await buildTeam(t, owner);
  other = { team: otherTeam, token: await apiToken(t, owner, otherTeam) };
  files = await corpusFiles('dcm_qa_ct/GE', 4); // 0.5 MB each
}, 300_000);
afterAll(async () => t.close());

/** A STOW-RS request written by hand: its body sent in the pieces the test chooses, no length declared. */
function openStow(contentType: string, as = { team, token }) {
  const req = http.request(`${t.url}/dicom-web/studies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, team: as.team.slug, 'content-type': contentType },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

const sessions = (of = team) =>
  t.db.selectFrom('upload_sessions').select('uuid').where('team_id', '=', of.id).execute();

/** The files written under a session so far. */
async function sessionFiles(of: TestTeam, session: string): Promise<string[]> {
  const dir = path.join(t.config.DATA_DIR, ...sessionKey(of.id, session), 'inflated', 'received');
  return existsSync(dir) ? readdir(dir) : [];
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Nothing of a refused or broken STOW-RS is left: no session, no file, no study. */
async function expectNothingStored() {
  expect(await sessions()).toEqual([]);
  // Not even an empty folder of a session.
  const sessionsDir = path.join(t.config.DATA_DIR, ...sessionKey(team.id, 'any').slice(0, -1));
  expect(existsSync(sessionsDir) ? await readdir(sessionsDir) : []).toEqual([]);
  const studies = await dicomweb(t, '/studies', { token, team: team.slug });
  expect(await studies.json()).toEqual([]);
}

describe('STOW-RS read as it arrives', () => {
  it('writes the first instances before the body has ended', async () => {
    const { body, contentType } = stowBody(files.slice(0, 3));
    // The first part and the delimiter that ends it.
    const delimiter = `--${contentType.split('boundary=')[1]}`;
    const firstEnd = Buffer.from(body).indexOf(delimiter, 1) + delimiter.length;
    const { req, answer } = openStow(contentType, other);
    req.write(body.subarray(0, firstEnd));
    // The first instance is on disk while the rest of the body has not been sent.
    await until(async () => {
      const [session] = await sessions(other.team);
      return session !== undefined && (await sessionFiles(other.team, session.uuid)).length === 1;
    }, 'the first instance written');
    req.end(body.subarray(firstEnd));
    const { status, body: json } = await answer;
    expect(status).toBe(200);
    expect((JSON.parse(json) as Record<string, { Value?: unknown[] }>)['00081199']?.Value).toHaveLength(3);
    const [session] = await sessions(other.team);
    expect(await sessionFiles(other.team, session?.uuid ?? '')).toHaveLength(3);
  });

  it('refuses a body that ends inside a part, and removes the instances already written', async () => {
    const { body, contentType } = stowBody(files.slice(0, 3));
    const cut = body.subarray(0, body.length - 1000);
    const { req, answer } = openStow(contentType);
    req.end(cut);
    const { status, body: json } = await answer;
    expect(status).toBe(400);
    expect(json).toContain('A multipart part is not closed.');
    await expectNothingStored();
  });

  it('removes what it wrote when the client goes away part way', async () => {
    const { body, contentType } = stowBody(files.slice(0, 3));
    const { req, answer } = openStow(contentType);
    answer.catch(() => undefined); // the request is destroyed below
    req.write(body.subarray(0, body.length - 1000));
    await until(async () => (await sessions()).length === 1, 'the session opened');
    req.destroy();
    await until(async () => (await sessions()).length === 0, 'the session removed');
    await expectNothingStored();
  });

  it('answers 413 past DICOMWEB_MAX_STOW_BYTES, declared or not, and stores nothing', async () => {
    const over = stowBody([...files, ...files].slice(0, 7)); // about 3.7 MB
    expect(over.body.length).toBeGreaterThan(LIMIT);
    const declared = await dicomweb(t, '/studies', {
      token,
      team: team.slug,
      method: 'POST',
      body: over.body,
      headers: { 'content-type': over.contentType },
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { message: string }).message).toBe(
      `The request body is larger than the limit of ${LIMIT} bytes.`,
    );
    const streamed = openStow(over.contentType);
    streamed.answer.catch(() => undefined); // the server may close before the whole body is written
    streamed.req.end(over.body);
    expect((await streamed.answer).status).toBe(413);
    await until(async () => (await sessions()).length === 0, 'the session removed');
    await expectNothingStored();
  });
});
