import { allEndpoints, hostPrefix, type Endpoint } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../test/factories';
import { createTestApp, type CallResult, type TestApp } from '../../test/test-app';
import { DICOMWEB_ROUTES } from '../modules/dicomweb/routes';
import { NUL_REFUSED } from './refuse-nul';

/**
 * PostgreSQL text cannot hold U+0000: every route (the contract's endpoints and DICOMweb's, the lists the
 * tenant isolation test walks) refuses a NUL in each path parameter, each query key and a JSON body before
 * anything reaches the database, with 422 on the JSON API and 400 on DICOMweb, never 500.
 */

let t: TestApp;
let owner: TestUser;
let team: TestTeam;
beforeAll(async () => {
  t = await createTestApp();
  // An administrator owning the team passes every scope but the workers' (which answer 401 first).
  owner = await buildUser(t, { admin: true });
  team = await buildTeam(t, owner);
});
afterAll(async () => t.close());

const NUL = '%00';
const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** The path with `nul` at parameter `at` and a plausible value at the others. */
const fillPath = (path: string, at: string | null) =>
  path.replace(/:(\w+)/g, (_m, name: string) => (name === at ? `1${NUL}` : '1'));

/** The query keys an endpoint declares (its zod object's shape), or one unknown key. */
function queryKeys(e: Endpoint): string[] {
  const shape = (e.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : ['q'];
}

interface Probe {
  name: string;
  call: () => Promise<CallResult>;
}

function contractProbes(e: Endpoint): Probe[] {
  const opts = { token: owner.token, team: team.slug, prefix: hostPrefix(e) };
  const send = (url: string, body?: unknown) => () =>
    t.call(e.method, url, { ...opts, ...(body !== undefined && { body }) });
  const probes = [
    ...paramNames(e.path).map((p) => ({ name: `:${p}`, call: send(fillPath(e.path, p)) })),
    ...queryKeys(e).map((k) => ({ name: `?${k}`, call: send(`${fillPath(e.path, null)}?${k}=a${NUL}`) })),
  ];
  if (e.body) probes.push({ name: 'body', call: send(fillPath(e.path, null), { name: 'A\u0000' }) });
  return probes;
}

const DICOMWEB_KEYS = ['PatientName', '00100010', 'StudyDate', 'includefield', 'limit'];

function dicomwebProbes(r: (typeof DICOMWEB_ROUTES)[number]): Probe[] {
  const opts = {
    token: owner.token,
    team: team.slug,
    prefix: '/dicom-web' as const,
    ...(r.method === 'POST' && {
      raw: '--x--',
      headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=x' },
    }),
  };
  const send = (url: string) => () => t.call(r.method, url, opts);
  return [
    ...paramNames(r.path).map((p) => ({ name: `:${p}`, call: send(fillPath(r.path, p)) })),
    ...DICOMWEB_KEYS.map((k) => ({ name: `?${k}`, call: send(`${fillPath(r.path, null)}?${k}=${NUL}`) })),
  ];
}

/** Runs probes a few at a time: the machine is shared. */
async function run(probes: Probe[]): Promise<{ name: string; res: CallResult }[]> {
  const out: { name: string; res: CallResult }[] = [];
  for (let i = 0; i < probes.length; i += 8)
    out.push(
      ...(await Promise.all(
        probes.slice(i, i + 8).map(async (p) => ({ name: p.name, res: await p.call() })),
      )),
    );
  return out;
}

describe('a NUL character in the input', () => {
  it('is refused with 422 by every contract endpoint, naming the field', async () => {
    const failures: string[] = [];
    for (const e of allEndpoints()) {
      const workerOnly = e.scope === 'worker' || e.scope === 'xr-worker';
      for (const { name, res } of await run(contractProbes(e))) {
        const refused = res.status === 422 && String(res.body?.message).endsWith(NUL_REFUSED);
        if (!(workerOnly ? res.status === 401 : refused))
          failures.push(`${e.method} ${e.path} ${name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is refused with 400 by every DICOMweb route, in the path and in the query', async () => {
    const failures: string[] = [];
    for (const r of DICOMWEB_ROUTES)
      for (const { name, res } of await run(dicomwebProbes(r)))
        if (res.status !== 400 || !String(res.body?.message).endsWith(NUL_REFUSED))
          failures.push(`${r.method} ${r.path} ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    expect(failures).toEqual([]);
  });
});
