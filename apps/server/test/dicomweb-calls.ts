import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeMultipartRelated } from '../src/modules/dicomweb/multipart-related';
import { TESTDATA_DIR } from './corpus';
import type { TestTeam, TestUser } from './factories';
import type { TestApp } from './test-app';

/** A new API user of the team with this role, and a token of it (its secret). */
export async function apiToken(
  t: TestApp,
  owner: TestUser,
  team: TestTeam,
  role = 'Member',
): Promise<string> {
  const as = { token: owner.token, team: team.slug };
  const user = await t.call('POST', '/api-users', {
    ...as,
    body: { name: `dicomweb ${role}`, role_id: team.roles[role] },
  });
  if (user.status !== 201) throw new Error(`API user not created: ${user.status}`);
  const token = await t.call('POST', `/api-users/${user.body.id}/tokens`, {
    ...as,
    body: { name: 'dicomweb' },
  });
  if (token.status !== 201) throw new Error(`token not created: ${token.status}`);
  return token.body.secret as string;
}

export interface DicomwebCall {
  token?: string;
  team?: string;
  method?: string;
  body?: Uint8Array;
  headers?: Record<string, string>;
}

/** A DICOMweb request to the test server, the team named by the Team header. */
export function dicomweb(t: TestApp, path: string, call: DicomwebCall = {}): Promise<Response> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization ??= `Bearer ${call.token}`;
  if (call.team) headers.team = call.team;
  return fetch(`${t.url}/dicom-web${path}`, { method: call.method ?? 'GET', headers, body: call.body });
}

/** A STOW-RS body of these instances. */
export function stowBody(files: Uint8Array[]): { body: Uint8Array; contentType: string } {
  const written = writeMultipartRelated(
    'application/dicom',
    files.map((body) => ({ body })),
  );
  return { body: Buffer.concat(written.pieces), contentType: written.contentType };
}

/** STOW-RS of these instances into a team (`POST /dicom-web/studies`). */
export function stow(t: TestApp, token: string, team: string, files: Uint8Array[]): Promise<Response> {
  const { body, contentType } = stowBody(files);
  return dicomweb(t, '/studies', {
    token,
    team,
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
  });
}

/** Hex sha256 of some bytes, to compare what was sent with what is served. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The first `count` files of a corpus folder, in name order. */
export async function corpusFiles(folder: string, count: number): Promise<Uint8Array[]> {
  const dir = path.join(TESTDATA_DIR, 'dicom', folder);
  const names = (await readdir(dir))
    .filter((n) => n.endsWith('.dcm'))
    .sort()
    .slice(0, count);
  return Promise.all(names.map(async (n) => new Uint8Array(await readFile(path.join(dir, n)))));
}
