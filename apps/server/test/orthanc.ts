import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BINARY = '/usr/sbin/Orthanc';
const DICOMWEB_PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';

/** Whether Orthanc and its DICOMweb plugin are installed (Debian `orthanc`, `orthanc-dicomweb`). */
export const orthancInstalled = () => existsSync(BINARY) && existsSync(DICOMWEB_PLUGIN);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A DICOMweb server Orthanc's client knows by name: its URL and how to authenticate there. */
export interface PeerServer {
  Url: string;
  Username?: string;
  Password?: string;
  HttpHeaders?: Record<string, string>;
}

export interface Orthanc {
  url: string;
  /** A call to Orthanc's REST API, JSON in and out (its answers' shapes vary by route: read loosely). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: any }>;
  raw(apiPath: string): Promise<Buffer>;
  /** The end of Orthanc's log (shown when a call fails). */
  log(): string;
  stop(): Promise<void>;
}

export interface OrthancOptions {
  /** The folder its own folder (configuration, storage, SQLite index) is made in: the system's temp by default. */
  parent?: string;
  /** Settings over the ones below (bench/dicomweb.mjs: `SyncStorageArea`). */
  config?: Record<string, unknown>;
}

/**
 * An Orthanc of the test's own (also bench/dicomweb.mjs's): free ports on 127.0.0.1 only, no
 * authentication, its own storage with the SQLite index beside it (Debian's default), the DICOMweb plugin
 * with `servers` in its client's list. Resolves once its REST API answers; `stop` removes its folder.
 */
export async function startOrthanc(
  servers: Record<string, PeerServer>,
  { parent = os.tmpdir(), config: extra = {} }: OrthancOptions = {},
): Promise<Orthanc> {
  const dir = await mkdtemp(path.join(parent, 'voxa-orthanc-'));
  const [httpPort, dicomPort] = [await freePort(), await freePort()];
  const config = {
    Name: 'VoxaPeer',
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'storage'),
    HttpPort: httpPort,
    DicomPort: dicomPort,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    Plugins: [DICOMWEB_PLUGIN],
    DicomWeb: { Enable: true, Root: '/dicom-web/', Servers: servers },
    ...extra,
  };
  const configFile = path.join(dir, 'orthanc.json');
  await writeFile(configFile, JSON.stringify(config));
  const child: ChildProcess = spawn(BINARY, [configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${httpPort}`;
  const call = async (method: string, apiPath: string, body?: unknown) => {
    const res = await fetch(`${url}${apiPath}`, {
      method,
      body: body instanceof Uint8Array ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the text shows in a failed assertion
    }
    return { status: res.status, body: parsed };
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Not started: stopped and its folder removed here, as no caller holds it yet.
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Orthanc exited: ${log}`);
    }
    const up = await fetch(`${url}/system`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Orthanc did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    call,
    log: () => log,
    raw: async (apiPath) => Buffer.from(await (await fetch(`${url}${apiPath}`)).arrayBuffer()),
    stop,
  };
}
