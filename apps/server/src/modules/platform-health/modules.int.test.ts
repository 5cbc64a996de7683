import type { ModuleHealth } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_VERSION, compareVersions, nativeVersion } from '../../platform/dcm2niix';
import { addMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** GET /modules on a real server: each part of this installation, as the administrators' /modules page shows it. */
let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let team: TestTeam;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { admin: true });
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  await addMember(t, team, admin, 'Member');
}, 120_000);
afterAll(async () => t.close());

describe('GET /modules', () => {
  it('answers the database, queue, dcm2niix, AI workers, storage and versions, each checked', async () => {
    const res = await t.call('GET', '/modules', { token: admin.token });
    expect(res.status).toBe(200);
    const byKey: Record<string, ModuleHealth> = Object.fromEntries(
      (res.body.modules as ModuleHealth[]).map((m) => [m.key, m]),
    );
    expect(Object.keys(byKey)).toEqual(['database', 'queue', 'dcm2niix', 'ai-workers', 'storage', 'app']);
    expect(byKey.database).toMatchObject({
      ok: true,
      kind: t.dbLocation.databaseUrl ? 'PostgreSQL' : 'PGlite (in the process)',
    });
    expect(byKey.database?.details.find((d) => d.label === 'Latency')?.value).toMatch(/^\d+\.\d ms$/);
    expect(byKey.queue).toMatchObject({
      ok: true,
      kind: t.config.REDIS_URL ? 'BullMQ on Redis' : 'In the database (jobs table)',
    });
    // The machine's dcm2niix (the converter's tests need it on PATH), or the WebAssembly build.
    expect(byKey.dcm2niix?.ok).toBe(true);
    expect(byKey.dcm2niix?.kind).toMatch(/^(Native v[\w.]+|WebAssembly)/);
    expect(byKey['ai-workers']?.kind).toMatch(/^\d+ of \d+ online$/);
    expect(byKey.storage).toMatchObject({ ok: true });
    expect(byKey.storage?.details[0]).toEqual({ label: 'DATA_DIR', value: t.config.DATA_DIR });
    expect(byKey.app).toMatchObject({ ok: true, kind: '0.1.0' });
  });

  it('names a broken DCM2NIIX_BINARY as a fault, WebAssembly converting meanwhile', async () => {
    const { dcm2niixHealth } = await import('./checks');
    expect(await dcm2niixHealth('/nonexistent/dcm2niix')).toMatchObject({
      ok: false,
      kind: 'WebAssembly (no native binary)',
    });
    expect(await dcm2niixHealth('wasm')).toMatchObject({ ok: true, kind: 'WebAssembly only' });
  });

  it('shows a native dcm2niix older than the bundled build set aside, unless forced (decision 0087)', async () => {
    const { dcm2niixHealth } = await import('./checks');
    const native = await nativeVersion('dcm2niix');
    if (!native || (compareVersions(native, BUNDLED_VERSION) ?? -1) >= 0) return;
    // Debian's v1.0.20220720 on this machine.
    expect(await dcm2niixHealth(undefined)).toMatchObject({
      ok: true,
      kind: `WebAssembly ${BUNDLED_VERSION} (native ${native} is older)`,
    });
    expect(await dcm2niixHealth(undefined, true)).toMatchObject({ ok: true, kind: `Native ${native}` });
  });

  it('is for administrators only: a team owner gets 403, nobody 401', async () => {
    expect((await t.call('GET', '/modules', { token: owner.token, team: team.slug })).status).toBe(403);
    expect((await t.call('GET', '/modules')).status).toBe(401);
  });
});
