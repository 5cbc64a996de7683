import { randomBytes } from 'node:crypto';
import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { headerFor, prepare, sendChunk, type Caller } from '../../../test/upload-calls';

/**
 * Receiving a file is the hot path of an upload (thousands of small DICOM files): every statement the
 * server sends while it takes one file is counted here, BEGIN and COMMIT included, so they cannot creep back.
 */
let t: TestApp;
let alice: Caller;
let statements: string[] = [];

beforeAll(async () => {
  // The job workers poll the same database on their own clock: their statements are not the request's.
  const onQuery = (event: LogEvent) => {
    if (!/\bjobs\b/.test(event.query.sql)) statements.push(event.query.sql);
  };
  t = await createTestApp({}, { onQuery });
  const owner = await buildUser(t);
  const team = await buildTeam(t, owner);
  alice = { token: owner.token, team: team.slug };
}, 180_000);
afterAll(async () => t.close());

/** The statements run while `send` goes on. */
async function counted(send: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await send();
  return statements;
}

describe('round trips of one received file', () => {
  it('takes a single-chunk file in at most 3 statements, the request context included', async () => {
    const session = await prepare(t, alice);
    const bytes = new Uint8Array(randomBytes(500_000));
    // The first call of a session may touch it (kept alive): it is not the steady state measured here.
    await sendChunk(t, alice, {
      session,
      name: 'warm.dcm',
      upload: headerFor('warm-file', bytes, 8 * 1_048_576, 0, false),
      body: bytes,
    });
    const run = await counted(async () => {
      const res = await sendChunk(t, alice, {
        session,
        name: 'a/b/1.dcm',
        upload: headerFor('file-one', bytes, 8 * 1_048_576, 0, false),
        body: bytes,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ complete: true, received: 1, duplicate: false });
    });
    expect(run, run.join('\n')).toHaveLength(3);
  });

  it('answers a chunk sent again without writing anything', async () => {
    const session = await prepare(t, alice);
    const bytes = new Uint8Array(randomBytes(1000));
    const chunk = {
      session,
      name: 'again.dcm',
      upload: headerFor('again-file', bytes, 2_097_152, 0),
      body: bytes,
    };
    expect((await sendChunk(t, alice, chunk)).status).toBe(200);
    const run = await counted(async () => {
      const res = await sendChunk(t, alice, chunk);
      expect(res.body).toMatchObject({ complete: true, duplicate: true, received: 1 });
    });
    expect(run, run.join('\n')).toHaveLength(2);
  });
});
