import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, dicomweb } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ORIGIN_REFUSED } from '../../http/cors';
import { NOT_ACCEPTABLE } from './accept';

/**
 * Viewers on other origins (PS3.18 with a browser in between): CORS for the origins the deployment
 * allows (none by default), 401s that name both ways to sign in, and 406 for what the server cannot
 * answer in (a single-part application/dicom, XML).
 */
const VIEWER = 'https://viewer.example.org';
let t: TestApp;
let closed: TestApp;
let team: TestTeam;
let token: string;
const preflight = (app: TestApp, origin: string, path = '/studies') =>
  dicomweb(app, path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, accept',
    },
  });

beforeAll(async () => {
  [t, closed] = await Promise.all([createTestApp({ DICOMWEB_CORS_ORIGINS: VIEWER }), createTestApp()]);
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  token = await apiToken(t, owner, team);
}, 120_000);
afterAll(async () => Promise.all([t.close(), closed.close()]));

describe('CORS for DICOMweb', () => {
  it('answers the preflight of an allowed origin, on any DICOMweb path', async () => {
    for (const path of ['/studies', '/studies/1.2.3/series/4.5/instances/6.7/frames/1']) {
      const res = await preflight(t, VIEWER, path);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(VIEWER);
      expect(res.headers.get('access-control-allow-methods')).toContain('GET');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('lets the allowed origin read answers, and names no other origin', async () => {
    const as = { token, team: team.slug };
    const allowed = await dicomweb(t, '/studies', { ...as, headers: { origin: VIEWER } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    const other = await dicomweb(t, '/studies', { ...as, headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await preflight(t, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toEqual({ message: ORIGIN_REFUSED });
  });

  it('allows no origin by default', async () => {
    const res = await preflight(closed, VIEWER);
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('401 and 406 as PS3.18 and HTTP say', () => {
  it('names Bearer and Basic in WWW-Authenticate on a 401', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: 'Basic eDp5' },
    ];
    for (const headers of attempts) {
      const res = await dicomweb(t, '/studies', { team: team.slug, headers });
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer realm="DICOMweb"/);
      expect(challenge).toMatch(/Basic realm="DICOMweb"/);
    }
    const ok = await dicomweb(t, '/studies', { token, team: team.slug });
    expect(ok.headers.get('www-authenticate')).toBeNull();
  });

  it('answers 406 to a single-part application/dicom and to what it cannot answer in', async () => {
    const as = { token, team: team.slug };
    const cases: [string, string, keyof typeof NOT_ACCEPTABLE][] = [
      ['/studies/1.2.3', 'application/dicom', 'multipart-dicom'],
      ['/studies/1.2.3/series/4.5/instances/6.7', 'application/dicom', 'multipart-dicom'],
      ['/studies', 'multipart/related; type="application/dicom+xml"', 'dicom-json'],
      ['/studies/1.2.3/metadata', 'application/dicom+xml', 'dicom-json'],
      ['/studies/1.2.3/series/4.5/instances/6.7/frames/1', 'image/gif', 'multipart-frames'],
    ];
    for (const [path, accept, answer] of cases) {
      const res = await dicomweb(t, path, { ...as, headers: { accept } });
      expect(res.status, `${path} ${accept}`).toBe(406);
      expect(await res.json()).toEqual({ message: NOT_ACCEPTABLE[answer] });
    }
    const fine = await dicomweb(t, '/studies', { ...as, headers: { accept: 'application/dicom+json' } });
    expect(fine.status).toBe(200);
    const multipart = await dicomweb(t, '/studies/1.2.3', {
      ...as,
      headers: { accept: 'multipart/related; type="application/dicom"' },
    });
    expect(multipart.status).toBe(404);
  });

  it('refuses a single-part application/dicom STOW-RS body with 415', async () => {
    const res = await dicomweb(t, '/studies', {
      token,
      team: team.slug,
      method: 'POST',
      body: Buffer.from('DICM'),
      headers: { 'content-type': 'application/dicom' },
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/multipart\/related/);
  });
});
