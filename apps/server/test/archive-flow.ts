import type { InflatedAllEvent, InflationOneEvent, UploadedMetadata } from '@voxa/contracts';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { Uploader } from './conversion-flow';
import { collect, connectSocket, eventually } from './sockets';
import { prepare, sendFile, sha256 } from './upload-calls';

/** Archives sent to a new session through the chunked upload, as the page sends them. */
export async function uploadArchives(u: Uploader, archives: { name: string; bytes: Uint8Array }[]) {
  const who = { token: u.owner.token, team: u.team.slug };
  const session = await prepare(u.t, who);
  for (const a of archives) {
    const sent = await sendFile(u.t, who, {
      session,
      name: a.name,
      id: sha256(new TextEncoder().encode(a.name)).slice(0, 32),
      bytes: a.bytes,
      chunk: 2_097_152,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  return session;
}

export interface SortOutcome {
  one: InflationOneEvent[];
  all: InflatedAllEvent[];
  metadata: UploadedMetadata;
}

/** Asks for the sort, waits for upload:server:inflated:all, and reads the metadata. */
export async function sortSession(u: Uploader, session: string, ms = 120_000): Promise<SortOutcome> {
  const who = { token: u.owner.token, team: u.team.slug };
  const socket: Socket = await connectSocket(u.t, u.owner.token);
  try {
    const one = collect<InflationOneEvent>(socket, 'upload:server:inflation:one');
    const all = collect<InflatedAllEvent>(socket, 'upload:server:inflated:all');
    const started = await u.t.call('POST', '/c-upload/sort-images/server', { ...who, body: { session } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toEqual({ status: 'sorting' });
    await eventually(() => all.some((e) => e.session === session), ms);
    const res = await u.t.call('GET', `/c-upload/uploaded-metadata/server?session=${session}`, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { one, all, metadata: res.body as UploadedMetadata };
  } finally {
    socket.close();
  }
}

/** GET with the owner's token, answering the raw bytes and headers (previews, .nii files). */
export async function getBytes(u: Uploader, apiPath: string, token = u.owner.token) {
  const res = await fetch(`${u.t.url}/api${apiPath}`, {
    headers: { authorization: `Bearer ${token}`, team: u.team.slug, 'x-requested-with': 'XMLHttpRequest' },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
