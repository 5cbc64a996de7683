import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommanderItem, CommanderProgress } from '@voxa/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeZip } from '../../../test/zip-writer';

const CT_SERIES = path.join(process.env.TESTDATA_DIR ?? '../shared/testdata', 'dicom/dcm_qa_ct/GE');

let t: TestApp;
let base: string;
let importRoot: string;
let secondRoot: string;
let outside: string;
let team: TestTeam;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'voxa-commander-'));
  importRoot = path.join(base, 'import');
  secondRoot = path.join(base, 'second');
  outside = path.join(base, 'import-outside');
  t = await createTestApp({ COMMANDER_ROOTS: `${importRoot},${secondRoot}` });
  const first = await buildUser(t);
  team = await buildTeam(t, first);
  admin = await buildMember(t, team, 'Owner', { admin: true });
  owner = await buildMember(t, team, 'Owner');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(base, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const dir of [importRoot, secondRoot, outside]) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }
  await mkdir(path.join(importRoot, 'study', 'series'), { recursive: true });
  await writeFile(path.join(importRoot, 'study', 'series', 'IM1.dcm'), Buffer.alloc(3000, 1));
  await writeFile(path.join(importRoot, 'study', 'notes.txt'), 'hello');
  await writeFile(path.join(outside, 'secret.txt'), 'patient list');
});

const cmd = (name: string, body: unknown, user: TestUser = admin) =>
  t.call('POST', `/cmd/${name}`, { token: user.token, team: team.slug, body, prefix: '/svc' });
const names = (items: CommanderItem[]) => items.map((i) => i.basename);

describe('calls', () => {
  it('lists the roots, then a folder with the spec item fields', async () => {
    const top = await cmd('ls/', { dir: '/' });
    expect(top.status).toBe(200);
    expect(names(top.body.items)).toEqual(['import', 'second']);
    const res = await cmd('ls', { dir: '/import/study' });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        path: '/import/study/series',
        basename: 'series',
        isDir: true,
        isFile: false,
      }),
      expect.objectContaining({
        path: '/import/study/notes.txt',
        basename: 'notes.txt',
        filename: 'notes',
        extension: 'txt',
        isFile: true,
        isDir: false,
        size: 5,
        sizePretty: '5 Bytes',
      }),
    ]);
    expect(new Date(res.body.items[1].modified).getTime()).toBeGreaterThan(0);
    expect((await cmd('ls', { dir: '/import/study/series' })).body.items[0].sizePretty).toBe('2.93 KB');
  });

  it('leaves a configured root that is missing out of the list, and answers 404 inside it', async () => {
    await rm(secondRoot, { recursive: true });
    expect(names((await cmd('ls', { dir: '/' })).body.items)).toEqual(['import']);
    expect((await cmd('ls', { dir: '/second' })).status).toBe(404);
    expect((await cmd('mkdir', { dir: '/second/x' })).status).toBe(404);
    await expect(stat(secondRoot)).rejects.toThrow();
  });

  it('makes a folder, copies, moves and deletes, each written to the audit log', async () => {
    expect((await cmd('mkdir', { dir: '/second/target' })).status).toBe(200);
    expect((await cmd('mkdir', { dir: '/second/target' })).status).toBe(409);
    expect((await cmd('mkdir', { dir: '/second/no/such' })).status).toBe(404);

    expect((await cmd('cp', { paths: ['/import/study'], to: '/second/target' })).status).toBe(200);
    expect(await readFile(path.join(secondRoot, 'target/study/series/IM1.dcm'))).toHaveLength(3000);
    expect((await cmd('cp', { paths: ['/import/study'], to: '/second/target' })).status).toBe(409);
    expect((await cmd('cp', { paths: ['/import/study'], to: '/import/study/series' })).status).toBe(422);

    expect((await cmd('mv', { paths: ['/import/study/notes.txt'], to: '/second' })).status).toBe(200);
    expect(await readFile(path.join(secondRoot, 'notes.txt'), 'utf8')).toBe('hello');
    expect((await cmd('ls', { dir: '/import/study' })).body.items).toHaveLength(1);

    expect((await cmd('rm', { paths: ['/second/target', '/second/notes.txt'] })).status).toBe(200);
    expect(await readdir(secondRoot)).toEqual([]);
    expect((await cmd('rm', { paths: ['/second'] })).status).toBe(422);
    expect((await cmd('rm', { paths: ['/second/gone'] })).status).toBe(404);

    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'subject', 'data'])
      .where('actor_id', '=', admin.id)
      .where('action', 'like', 'commander.%')
      .execute();
    const actions = audit.map((a) => a.action);
    for (const action of ['commander.ls', 'commander.mkdir', 'commander.cp', 'commander.mv', 'commander.rm'])
      expect(actions).toContain(action);
    expect(
      audit.find((a) => a.action === 'commander.rm' && a.subject === '/second/gone')?.data,
    ).toMatchObject({
      ok: false,
      error: '"/second/gone" does not exist.',
    });
  });

  it('zips a folder and unzips it, with progress to the caller', async () => {
    const socket = await connectSocket(t, admin.token);
    const events = collect<CommanderProgress>(socket, 'commander:progress');
    try {
      const zip = await cmd('zip', { path: '/import/study', file: '/second/study.zip', op: 'zip-1' });
      expect(zip.status).toBe(200);
      await eventually(() => events.some((e) => e.op === 'zip-1' && e.done));
      expect(events.find((e) => e.done)).toMatchObject({ action: 'zip', bytes: 3005, total: 3005 });
      expect((await cmd('zip', { path: '/import/study', file: '/second/study.zip' })).status).toBe(409);
      expect((await cmd('zip', { path: '/import/study', file: '/import/study/self.zip' })).status).toBe(422);

      expect((await cmd('unzip', { path: '/second/out', file: '/second/study.zip' })).body).toEqual({
        ok: true,
        count: 2,
      });
      expect(await readFile(path.join(secondRoot, 'out/study/notes.txt'), 'utf8')).toBe('hello');
      expect((await cmd('unzip', { path: '/second/out', file: '/second/study.zip' })).status).toBe(409);
    } finally {
      socket.close();
    }
  });

  it("reports a copy's progress and answers a cancel of an unknown operation", async () => {
    const socket = await connectSocket(t, admin.token);
    const events = collect<CommanderProgress>(socket, 'commander:progress');
    try {
      expect((await cmd('cp', { paths: ['/import/study'], to: '/second', op: 'copy-1' })).status).toBe(200);
      await eventually(() => events.some((e) => e.done));
      expect(events.at(-1)).toEqual({ op: 'copy-1', action: 'cp', bytes: 3005, total: 3005, done: true });
      expect((await cmd('cancel', { op: 'nothing-running' })).body).toEqual({ cancelled: false });
    } finally {
      socket.close();
    }
  });
});

describe('refusals', () => {
  it('answers 403 to a member without the admin flag, on every call', async () => {
    const calls: [string, unknown][] = [
      ['ls', { dir: '/' }],
      ['mkdir', { dir: '/import/x' }],
      ['cp', { paths: ['/import/study'], to: '/second' }],
      ['mv', { paths: ['/import/study'], to: '/second' }],
      ['rm', { paths: ['/import/study'] }],
      ['zip', { path: '/import/study', file: '/import/a.zip' }],
      ['unzip', { path: '/import/x', file: '/import/a.zip' }],
      ['cancel', { op: 'x' }],
      ['import', { dir: '/import/study' }],
    ];
    for (const [name, body] of calls) expect((await cmd(name, body, owner)).status, name).toBe(403);
    const anonymous = await t.call('POST', '/cmd/ls', {
      team: team.slug,
      body: { dir: '/' },
      prefix: '/svc',
    });
    expect(anonymous.status).toBe(401);
    expect(await readdir(path.join(importRoot, 'study'))).toHaveLength(2);
  });

  it('refuses traversal, absolute and malformed paths with 422, never touching the outside', async () => {
    for (const dir of ['/import/../import-outside', '../import-outside', '/import//..//import-outside', base])
      expect((await cmd('ls', { dir })).status, dir).toBe(422);
    expect((await cmd('rm', { paths: ['/import/../import-outside/secret.txt'] })).status).toBe(422);
    expect((await cmd('cp', { paths: ['/import/study'], to: '/import/..\\..' })).status).toBe(422);
    expect((await cmd('ls', { dir: 7 })).status).toBe(422);
    expect((await cmd('rm', { paths: [] })).status).toBe(422);
    expect((await cmd('mkdir', { dir: '/import/a\u0000b' })).status).toBe(422);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('patient list');
  });

  it('never follows a symbolic link out of the root, and keeps links inside', async () => {
    await symlink(outside, path.join(importRoot, 'escape'));
    await symlink(path.join(outside, 'secret.txt'), path.join(importRoot, 'secret-link.txt'));
    await symlink(path.join(importRoot, 'study'), path.join(importRoot, 'study-link'));
    expect(names((await cmd('ls', { dir: '/import' })).body.items)).toEqual(['study', 'study-link']);
    expect((await cmd('ls', { dir: '/import/escape' })).status).toBe(422);
    expect((await cmd('ls', { dir: '/import/study-link' })).status).toBe(200);
    expect((await cmd('mkdir', { dir: '/import/escape/new' })).status).toBe(422);
    expect((await cmd('cp', { paths: ['/import/escape'], to: '/second' })).status).toBe(422);
    expect((await cmd('cp', { paths: ['/import/study'], to: '/import/escape' })).status).toBe(422);
    expect((await cmd('mv', { paths: ['/import/secret-link.txt'], to: '/second' })).status).toBe(422);
    expect((await cmd('rm', { paths: ['/import/escape/secret.txt'] })).status).toBe(422);
    expect((await cmd('zip', { path: '/import/escape', file: '/second/x.zip' })).status).toBe(422);
    expect((await cmd('zip', { path: '/import/study', file: '/import/escape/x.zip' })).status).toBe(422);
    expect((await cmd('unzip', { path: '/import/escape/x', file: '/import/study/notes.txt' })).status).toBe(
      422,
    );
    // A link inside a copied or zipped folder is left out, so no way out travels with the files.
    await symlink(outside, path.join(importRoot, 'study', 'inner-escape'));
    expect((await cmd('cp', { paths: ['/import/study'], to: '/second' })).status).toBe(200);
    expect((await readdir(path.join(secondRoot, 'study'))).sort()).toEqual(['notes.txt', 'series']);
    // Deleting a link inside the root removes the link, not what it points to.
    expect((await cmd('rm', { paths: ['/import/study-link'] })).status).toBe(200);
    expect((await stat(path.join(importRoot, 'study'))).isDirectory()).toBe(true);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('patient list');
  });

  it.each([
    ['zip-slip', [{ name: '../../import-outside/evil.txt', data: 'x' }]],
    ['an absolute entry', [{ name: '/tmp/evil.txt', data: 'x' }]],
    ['a symbolic link', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]],
    ['a bomb', [{ name: 'zeros.bin', data: Buffer.alloc(80 * 1024 * 1024) }]],
    [
      'archives nested too deep',
      [{ name: 'a.zip', data: makeZip([{ name: 'b.zip', data: makeZip([{ name: 'c.txt', data: 'x' }]) }]) }],
    ],
  ])('unzip refuses %s with the archive rules, leaving nothing', async (_name, entries) => {
    await writeFile(path.join(importRoot, 'bad.zip'), makeZip(entries));
    const res = await cmd('unzip', { path: '/import/out', file: '/import/bad.zip' });
    expect(res.status).toBe(422);
    expect(await readdir(importRoot)).not.toContain('out');
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });
});

describe('import', () => {
  it("sends a folder of real DICOM into the team's upload flow: stored, converted, settled", async () => {
    await cp(CT_SERIES, path.join(importRoot, 'export', 'CT-GE'), { recursive: true });
    await writeFile(path.join(importRoot, 'export', 'readme.txt'), 'not an image');
    const res = await cmd('import', { dir: '/import/export', op: 'import-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ files: 29, skipped: 1, studies: [{ series: 1 }] });
    const uuid: string = res.body.studies[0].uuid;
    await eventually(async () => {
      const study = await t.db
        .selectFrom('studies')
        .select('status')
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return study?.status === 'converted';
    }, 120_000);
    const study = await t.db
      .selectFrom('studies')
      .select(['team_id', 'user_id', 'data'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(study).toMatchObject({ team_id: team.id, user_id: admin.id });
    // The export itself is untouched; the session's copies are gone once the upload is settled.
    expect(await readdir(path.join(importRoot, 'export', 'CT-GE'))).toHaveLength(28);
    const inflated = path.join(
      t.config.DATA_DIR,
      'teams',
      String(team.id),
      'uploads',
      res.body.session,
      'inflated',
    );
    await eventually(async () => !(await stat(inflated).catch(() => null)), 10_000);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['subject', 'team_id'])
      .where('action', '=', 'commander.import')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ subject: '/import/export', team_id: team.id });
  }, 180_000);

  it('refuses a root itself, an empty folder and a folder without images', async () => {
    expect((await cmd('import', { dir: '/import' })).status).toBe(422);
    await mkdir(path.join(importRoot, 'empty'));
    expect((await cmd('import', { dir: '/import/empty' })).status).toBe(422);
    expect((await cmd('import', { dir: '/import/study' })).status).toBe(422);
  });
});
