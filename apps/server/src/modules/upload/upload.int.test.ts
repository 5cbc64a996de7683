import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SOCKET_PATH, UPLOAD_LIMITS } from '@voxa/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  dropMidChunk,
  fileStates,
  headerFor,
  prepare,
  sendChunk,
  sendFile,
  sha256,
  type Caller,
} from '../../../test/upload-calls';
import { TESTDATA_DIR as testdata } from '../../../test/corpus';

const MIN = UPLOAD_LIMITS.minChunkBytes;
/** Small enough for the limit test to reach, large enough for the real files. */
const SESSION_LIMIT = 12 * 1024 * 1024;
/** Real files: two over 2 MB (two chunks each at the minimum chunk size), and small ones. */
const FILES = [
  'dicom/dcm_qa_xa30/5_anat-T1w_acq-tfl/0001_1.3.12.2.1107.5.2.43.67093.2022071112080825794102791.dcm',
  'dicom/pydicom-data/MR2_UNCR.dcm',
  'dicom/dcm_qa_ts/1.dcm',
  'dicom/suyashkumar-dicom/1.dcm',
];

let t: TestApp;
let team: TestTeam;
let owner: TestUser;
let alice: Caller;
let realFiles: { name: string; bytes: Uint8Array }[];

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_SESSION_BYTES: String(SESSION_LIMIT) });
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  alice = { token: owner.token, team: team.slug };
  realFiles = await Promise.all(
    FILES.map(async (name) => ({
      name: `study/${name}`,
      bytes: new Uint8Array(await readFile(path.join(testdata, name))),
    })),
  );
  // Generous: a server start takes a minute when the shared machine is busy.
}, 180_000);
afterAll(async () => t.close());

async function storedBytes(app: TestApp, teamId: number, session: string, name: string) {
  return new Uint8Array(
    await readFile(
      path.join(app.config.DATA_DIR, 'teams', String(teamId), 'uploads', session, 'files', name),
    ),
  );
}

describe('POST /c-upload', () => {
  it('opens a session and tells the user on the socket', async () => {
    const socket = io(t.url, {
      path: SOCKET_PATH,
      auth: { token: owner.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise((resolve) => socket.on('connect', () => resolve(null)));
      const event = new Promise((resolve) => socket.on('upload:session:add', resolve));
      const session = await prepare(t, alice);
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      expect(await event).toEqual({ team: team.slug, user: owner.id, session });
    } finally {
      socket.close();
    }
  });

  it('answers 422 without prepare:true', async () => {
    expect((await t.call('POST', '/c-upload', { ...alice, body: {} })).status).toBe(422);
  });
});

describe('chunked upload', () => {
  it('stores real files byte-identical, with their sha256 in the database', async () => {
    const session = await prepare(t, alice);
    for (const [i, f] of realFiles.entries()) {
      const res = await sendFile(t, alice, {
        session,
        name: f.name,
        id: `real-file-${i}`,
        bytes: f.bytes,
        chunk: MIN,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ complete: true, duplicate: false, sha256: sha256(f.bytes) });
      expect(sha256(await storedBytes(t, team.id, session, f.name))).toBe(sha256(f.bytes));
    }
    const states = await fileStates(t, alice, session);
    expect(states.status).toBe(200);
    expect(states.body.files.map((s: { sha256: string }) => s.sha256)).toEqual(
      realFiles.map((f) => sha256(f.bytes)),
    );
    const rows = await t.db.selectFrom('upload_files').select(['name', 'sha256']).orderBy('id').execute();
    expect(rows.filter((r) => realFiles.some((f) => f.name === r.name)).map((r) => r.sha256)).toEqual(
      realFiles.map((f) => sha256(f.bytes)),
    );
  });

  it('assembles chunks sent out of order, and an empty file', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[0]!.bytes;
    const name = 'out-of-order.dcm';
    for (const index of [1, 0]) {
      const res = await sendChunk(t, alice, {
        session,
        name,
        upload: headerFor('out-of-order', bytes, MIN, index),
        body: bytes.subarray(index * MIN, (index + 1) * MIN),
      });
      expect(res.status).toBe(200);
    }
    expect(sha256(await storedBytes(t, team.id, session, name))).toBe(sha256(bytes));
    const empty = await sendFile(t, alice, {
      session,
      name: 'empty',
      id: 'empty-file',
      bytes: new Uint8Array(),
      chunk: MIN,
    });
    expect(empty.body).toMatchObject({ complete: true, sha256: sha256(new Uint8Array()) });
  });

  it('stores a chunk sent twice once', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[1]!.bytes;
    const first = headerFor('twice-file', bytes, MIN, 0);
    const send = () =>
      sendChunk(t, alice, { session, name: 'twice.dcm', upload: first, body: bytes.subarray(0, MIN) });
    const firstSend = await send();
    expect(firstSend.body).toMatchObject({ duplicate: false, received: 1, complete: false });
    const again = await Promise.all([send(), send()]);
    expect(again.map((r) => r.body.duplicate)).toEqual([true, true]);
    const last = await sendChunk(t, alice, {
      session,
      name: 'twice.dcm',
      upload: headerFor('twice-file', bytes, MIN, 1),
      body: bytes.subarray(MIN),
    });
    expect(last.body).toMatchObject({ complete: true, received: 2 });
    const stored = await storedBytes(t, team.id, session, 'twice.dcm');
    expect(stored.length).toBe(bytes.length);
    expect(sha256(stored)).toBe(sha256(bytes));
    const rows = await t.db
      .selectFrom('upload_chunks')
      .innerJoin('upload_files', 'upload_files.id', 'upload_chunks.file_id')
      .select('chunk_index')
      .where('upload_files.client_file_id', '=', 'twice-file')
      .execute();
    expect(rows.map((r) => r.chunk_index).sort()).toEqual([0, 1]);
    expect((await send()).body).toMatchObject({ duplicate: true, complete: true });
  });

  it('resumes after a connection dropped in the middle of a chunk', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[0]!.bytes;
    const name = 'dropped.dcm';
    expect(
      (
        await sendChunk(t, alice, {
          session,
          name,
          upload: headerFor('dropped-file', bytes, MIN, 0),
          body: bytes.subarray(0, MIN),
        })
      ).status,
    ).toBe(200);
    const upload = headerFor('dropped-file', bytes, MIN, 1);
    await dropMidChunk(t, alice, { session, name, upload, body: bytes.subarray(MIN), sendBytes: 300_000 });
    const state = await fileStates(t, alice, session, 'dropped-file');
    expect(state.body.files).toEqual([expect.objectContaining({ received: [0], complete: false })]);
    const res = await sendChunk(t, alice, { session, name, upload, body: bytes.subarray(MIN) });
    expect(res.body).toMatchObject({ complete: true, sha256: sha256(bytes) });
    expect(sha256(await storedBytes(t, team.id, session, name))).toBe(sha256(bytes));
  });

  it('keeps the sessions of several users apart, even with equal names and file ids', async () => {
    const bob = await buildMember(t, team, 'Member');
    const bobCaller = { token: bob.token, team: team.slug };
    const [sa, sb] = await Promise.all([prepare(t, alice), prepare(t, bobCaller)]);
    const [a, b] = [realFiles[2]!.bytes, realFiles[3]!.bytes];
    const results = await Promise.all([
      sendFile(t, alice, { session: sa, name: 'same.dcm', id: 'same-file-id', bytes: a, chunk: MIN }),
      sendFile(t, bobCaller, { session: sb, name: 'same.dcm', id: 'same-file-id', bytes: b, chunk: MIN }),
    ]);
    expect(results.map((r) => r.body.sha256)).toEqual([sha256(a), sha256(b)]);
    expect(sha256(await storedBytes(t, team.id, sa, 'same.dcm'))).toBe(sha256(a));
    expect(sha256(await storedBytes(t, team.id, sb, 'same.dcm'))).toBe(sha256(b));
    // A session is its owner's: another member of the team gets 404.
    expect((await fileStates(t, bobCaller, sa)).status).toBe(404);
    const stolen = await sendChunk(t, bobCaller, {
      session: sa,
      name: 'x.dcm',
      upload: headerFor('x-file-id', a, MIN, 0),
      body: a,
    });
    expect(stolen.status).toBe(404);
  });

  it('answers 404 for a session of another team', async () => {
    const other = await buildUser(t);
    const otherTeam = await buildTeam(t, other);
    const foreign = await prepare(t, { token: other.token, team: otherTeam.slug });
    const bytes = realFiles[2]!.bytes;
    const res = await sendChunk(t, alice, {
      session: foreign,
      name: 'a.dcm',
      upload: headerFor('foreign-1', bytes, MIN, 0),
      body: bytes,
    });
    expect(res.status).toBe(404);
    expect((await fileStates(t, alice, foreign)).status).toBe(404);
    // The owner of both teams, asking in the wrong one, is refused too.
    await buildMember(t, otherTeam, 'Member').then(() => undefined);
    expect((await fileStates(t, { token: other.token, team: team.slug }, foreign)).status).toBe(404);
  });
});

describe('refusals (never a 500, nothing stored)', () => {
  let session: string;
  const small = new Uint8Array(1000).fill(7);
  beforeAll(async () => {
    session = await prepare(t, alice);
  });
  const send = (
    upload: Parameters<typeof sendChunk>[2]['upload'],
    extra: Partial<Parameters<typeof sendChunk>[2]> = {},
  ) => sendChunk(t, alice, { session, name: 'r.dcm', upload, body: small, ...extra });

  it.each([
    ['missing', undefined, 400],
    ['not key=value', 'garbage', 400],
    ['repeated key', 'id=abcdefgh;id=abcdefgh', 400],
    ['unknown key', 'id=abcdefgh;index=0;count=1;chunk=1000;size=1000;color=red', 422],
    ['bad id', 'id=../../x;index=0;count=1;chunk=1000;size=1000', 422],
    ['negative index', 'id=abcdefgh;index=-1;count=1;chunk=1000;size=1000', 400],
    ['hexadecimal index', 'id=abcdefgh;index=0x0;count=1;chunk=1000;size=1000', 400],
    ['exponent size', 'id=abcdefgh;index=0;count=1;chunk=1000;size=1e3', 400],
    ['empty index', 'id=abcdefgh;index=;count=1;chunk=1000;size=1000', 400],
    ['count disagrees', 'id=abcdefgh;index=0;count=2;chunk=1000;size=1000', 422],
    ['index past the end', 'id=abcdefgh;index=1;count=1;chunk=1000;size=1000', 422],
    ['chunk under 2 MB', 'id=abcdefgh;index=0;count=2;chunk=600;size=1000', 422],
    ['bad sha256', 'id=abcdefgh;index=0;count=1;chunk=1000;size=1000;sha256=xyz', 422],
  ])('refuses a malformed Upload header (%s)', async (_name, upload, status) => {
    expect((await send(upload)).status).toBe(status);
  });

  it('refuses a chunk whose bytes disagree with the header', async () => {
    const ok = headerFor('mismatch-1', small, MIN, 0);
    expect((await send({ ...ok, sha256: 'a'.repeat(64) }, { name: 'm1.dcm' })).status).toBe(422);
    expect(
      (await send({ ...ok, id: 'mismatch-3', size: 1001, sha256: undefined }, { name: 'm3.dcm' })).status,
    ).toBe(422);
    expect(
      (await send({ ...ok, id: 'mismatch-2', size: 999, sha256: undefined }, { name: 'm2.dcm' })).status,
    ).toBe(413);
    const state = await fileStates(t, alice, session, 'mismatch-1');
    expect(state.body.files[0]).toMatchObject({ received: [], complete: false });
  });

  it('answers 413 over the file and chunk limits', async () => {
    expect(
      (await send({ id: 'huge-file', index: 0, count: 2, chunk: 4 * 1024 ** 3, size: 5 * 1024 ** 3 })).status,
    ).toBe(413);
    expect(
      (await send({ id: 'huge-chunk', index: 0, count: 1, chunk: 100 * 1024 ** 2, size: 100 * 1024 ** 2 }))
        .status,
    ).toBe(413);
  });

  it('answers 413 to a declared chunk size over the limit, even for a small file, and registers nothing', async () => {
    const over = t.config.UPLOAD_MAX_CHUNK_BYTES + 1;
    const res = await send({ id: 'declared-over', index: 0, count: 1, chunk: over, size: small.length });
    expect(res.status).toBe(413);
    const state = await fileStates(t, alice, session, 'declared-over');
    expect(state.body.files).toEqual([]);
  });

  it.each(['../escape.dcm', '/etc/passwd', 'a/../../b', 'a\\..\\b', 'a//b', 'C:/x'])(
    'refuses the name %j',
    async (name) => {
      const res = await send(headerFor(`traversal-${name.length}`, small, MIN, 0), { name });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toBeDefined();
    },
  );

  it('refuses a file id registered with another name or size (409)', async () => {
    expect((await send(headerFor('registered', small, MIN, 0), { name: 'first.dcm' })).status).toBe(200);
    expect((await send(headerFor('registered', small, MIN, 0), { name: 'second.dcm' })).status).toBe(409);
    expect((await send(headerFor('other-id', small, MIN, 0), { name: 'first.dcm' })).status).toBe(409);
  });

  it('refuses a body that is not as expected', async () => {
    const upload = headerFor('body-shape', small, MIN, 0);
    const fieldsAfter = await send(upload, { fields: [['preview', 'x']] });
    expect(fieldsAfter.status).toBe(422);
    const badSession = await send(upload, {
      fields: [
        ['name', 'a.dcm'],
        ['session_id', 'not-a-uuid'],
      ],
    });
    expect(badSession.status).toBe(422);
    const json = await t.call('POST', '/c-upload/file', {
      ...alice,
      body: { a: 1 },
      headers: { upload: 'id=abcdefgh;index=0;count=1;chunk=1;size=1' },
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });
});

describe('limits of a session', () => {
  it('answers 413 when a session would exceed its total', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[0]!.bytes;
    const send = (id: string, name: string) => sendFile(t, alice, { session, name, id, bytes, chunk: MIN });
    for (let i = 0; (i + 1) * bytes.length <= SESSION_LIMIT; i += 1)
      expect((await send(`fits-${i}-file`, `${i}.dcm`)).status).toBe(200);
    expect((await send('over-the-limit', 'over.dcm')).status).toBe(413);
  });

  it('reserves the total as files register: concurrent files never overrun it', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[0]!.bytes;
    const fit = Math.floor(SESSION_LIMIT / bytes.length);
    const sends = await Promise.all(
      Array.from({ length: fit + 2 }, (_, i) =>
        sendChunk(t, alice, {
          session,
          name: `parallel/${i}.dcm`,
          upload: headerFor(`parallel-${i}`, bytes, MIN, 0),
          body: bytes.subarray(0, MIN),
        }),
      ),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([...Array.from({ length: fit }, () => 200), 413, 413]);
    expect(await declaredBytes(session)).toBe(fit * bytes.length);
  });

  it('gives back what a refused name reserved', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[2]!.bytes;
    const send = (id: string) => sendFile(t, alice, { session, name: 'same.dcm', id, bytes, chunk: MIN });
    expect((await send('first-of-name')).status).toBe(200);
    expect((await send('second-of-name')).status).toBe(409);
    expect(await declaredBytes(session)).toBe(bytes.length);
  });
});

async function declaredBytes(session: string): Promise<number> {
  const row = await t.db
    .selectFrom('upload_sessions')
    .select('declared_bytes')
    .where('uuid', '=', session)
    .executeTakeFirstOrThrow();
  return Number(row.declared_bytes);
}

describe('after a server restart', () => {
  it('resumes with the chunks stored before it', async () => {
    const session = await prepare(t, alice);
    const bytes = realFiles[0]!.bytes;
    const name = 'restart/file.dcm';
    const upload = (index: number) => headerFor('restart-file', bytes, MIN, index);
    const first = await sendChunk(t, alice, {
      session,
      name,
      upload: upload(0),
      body: bytes.subarray(0, MIN),
    });
    expect(first.status).toBe(200);
    await t.restart();
    const state = await fileStates(t, alice, session);
    expect(state.body.files).toEqual([
      expect.objectContaining({ file_id: 'restart-file', received: [0], complete: false }),
    ]);
    const last = await sendChunk(t, alice, { session, name, upload: upload(1), body: bytes.subarray(MIN) });
    expect(last.body).toMatchObject({ complete: true, sha256: sha256(bytes) });
    expect(sha256(await storedBytes(t, team.id, session, name))).toBe(sha256(bytes));
  });
});
