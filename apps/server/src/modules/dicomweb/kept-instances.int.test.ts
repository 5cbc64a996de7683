import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, dicomweb, sha256, stow } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { teamAeTitle } from '../dimse/ae-policy';
import { startDimseScp, type DimseScp } from '../dimse/scp';
import { parseMultipartRelated } from './multipart-related';
import { freePort } from '../../../test/dimse-tools';

/**
 * Never Success for what is not kept and served (decision 0091): reports, key objects, presentation
 * states and a deflated Secondary Capture, made with dcmtk here, are taken by C-STORE (dcmtk's storescu)
 * and STOW-RS alike, found by QIDO-RS and retrieved by WADO-RS as they were sent, whether or not they
 * convert; an instance that cannot be named is refused openly by both.
 */
const which = (tool: string) => spawnSync('which', [tool]).status === 0;
const installed = ['storescu', 'dump2dcm', 'dcmconv'].every(which);
if (!installed && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

type Dataset = Record<string, { Value?: unknown[] }>;

const STUDY = '2.25.80910001';
const SOP_CLASSES = {
  basicTextSr: '1.2.840.10008.5.1.4.1.1.88.11',
  comprehensiveSr: '1.2.840.10008.5.1.4.1.1.88.33',
  keyObject: '1.2.840.10008.5.1.4.1.1.88.59',
  presentationState: '1.2.840.10008.5.1.4.1.1.11.1',
  secondaryCapture: '1.2.840.10008.5.1.4.1.1.7',
} as const;
const MODALITIES: Record<keyof typeof SOP_CLASSES, string> = {
  basicTextSr: 'SR',
  comprehensiveSr: 'SR',
  keyObject: 'KO',
  presentationState: 'PR',
  secondaryCapture: 'OT',
};
/** A 4 x 4 8-bit image for the Secondary Capture. */
const PIXELS = [
  '(0028,0002) US 1',
  '(0028,0004) CS [MONOCHROME2]',
  '(0028,0010) US 4',
  '(0028,0011) US 4',
  '(0028,0100) US 8',
  '(0028,0101) US 8',
  '(0028,0102) US 7',
  '(0028,0103) US 0',
  '(7fe0,0010) OB 00\\10\\20\\30\\40\\50\\60\\70\\80\\90\\a0\\b0\\c0\\d0\\e0\\f0',
];

let t: TestApp;
let owner: TestUser;
let scp: DimseScp;
let port: number;
let dir: string;

/** One instance of each kind made by dump2dcm, the Secondary Capture deflated by dcmconv; `n` keeps UIDs apart. */
async function instances(n: number, omit?: string): Promise<{ files: string[]; sops: string[] }> {
  const files: string[] = [];
  const sops: string[] = [];
  for (const [index, [kind, sopClass]] of Object.entries(SOP_CLASSES).entries()) {
    const sop = `2.25.8091${n}${index}`;
    const lines = [
      `(0008,0016) UI [${sopClass}]`,
      `(0008,0018) UI [${sop}]`,
      `(0008,0060) CS [${MODALITIES[kind as keyof typeof SOP_CLASSES]}]`,
      '(0010,0010) PN [Kept^Instance]',
      `(0020,000d) UI [${STUDY}${n}]`,
      `(0020,000e) UI [${sop}.1]`,
      '(0020,0013) IS [1]',
      ...(kind === 'secondaryCapture' ? PIXELS : []),
    ].filter((line) => !omit || !line.startsWith(omit));
    const dump = path.join(dir, `${sop}.dump`);
    const file = path.join(dir, `${sop}.dcm`);
    await writeFile(dump, lines.join('\n'));
    expect(spawnSync('dump2dcm', ['+te', dump, file]).status).toBe(0);
    if (kind === 'secondaryCapture') {
      expect(spawnSync('dcmconv', ['+td', file, `${file}.deflated`]).status).toBe(0);
      files.push(`${file}.deflated`);
    } else files.push(file);
    sops.push(sop);
  }
  return { files, sops };
}

async function newTeam(anonymize: boolean): Promise<{ team: TestTeam; token: string }> {
  const team = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: anonymize }).where('id', '=', team.id).execute();
  return { team, token: await apiToken(t, owner, team) };
}

/** Sends with storescu (verbose, the contexts the files need; deflate offered when asked); its output. */
async function storescu(
  team: TestTeam,
  files: string[],
  deflate = false,
): Promise<{ code: number; output: string }> {
  const args = ['-v', '-R', ...(deflate ? ['-xd'] : []), '-aet', 'MODALITY', '-aec', teamAeTitle(team.slug)];
  args.push('127.0.0.1', String(port));
  const child = spawn('storescu', [...args, ...files]);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, output };
}

async function settledStudies(teamId: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const rows = await t.db.selectFrom('studies').select('status').where('team_id', '=', teamId).execute();
    if (rows.length > 0 && rows.every((r) => r.status === 'converted' || r.status === 'error')) return;
    if (Date.now() > deadline) throw new Error(`studies not settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const value = (ds: Dataset | undefined, tag: string) => String(ds?.[tag]?.Value?.[0] ?? '');

async function found(token: string, team: TestTeam): Promise<Dataset[]> {
  const res = await dicomweb(t, '/instances', { token, team: team.slug });
  expect(res.status).toBe(200);
  return (await res.json()) as Dataset[];
}

/** Each found instance retrieved alone by WADO-RS as stored (`transfer-syntax=*`): its one part's bytes. */
async function retrieved(token: string, team: TestTeam, instances: Dataset[]) {
  const out = new Map<string, Uint8Array>();
  for (const i of instances) {
    const uids = [value(i, '0020000D'), value(i, '0020000E'), value(i, '00080018')];
    const res = await dicomweb(t, `/studies/${uids[0]}/series/${uids[1]}/instances/${uids[2]}`, {
      token,
      team: team.slug,
      headers: { accept: 'multipart/related; type="application/dicom"; transfer-syntax=*' },
    });
    expect(res.status).toBe(200);
    const parts = parseMultipartRelated(
      Buffer.from(await res.arrayBuffer()),
      res.headers.get('content-type') ?? '',
    );
    expect(parts).toHaveLength(1);
    out.set(uids[2] ?? '', parts[0]?.body ?? new Uint8Array());
  }
  return out;
}

/** What follows a Part 10 file's meta group: the dataset as a C-STORE carries it. */
function datasetOf(file: Uint8Array): string {
  const groupLength = new DataView(file.buffer, file.byteOffset).getUint32(132 + 8, true);
  return sha256(file.subarray(132 + 12 + groupLength));
}

/** The dataset's elements as dcmdump prints them, without the meta group and the syntax it was read in. */
const elementsOf = (file: string) =>
  spawnSync('dcmdump', [file], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.startsWith('(') && !line.startsWith('(0002,'));

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ DIMSE_PORT: String(port) });
  owner = await buildUser(t);
  scp = startDimseScp(t.app.deps, port);
  dir = await mkdtemp(path.join(tmpdir(), 'kept-instances-'));
}, 120_000);
afterAll(async () => {
  scp?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!installed)('every instance answered Success is kept and served', () => {
  it('keeps what C-STORE takes (SR, KO, PR, a deflated SC) and serves each as it was sent', async () => {
    const { team, token } = await newTeam(false);
    const { files, sops } = await instances(1);
    // The deflated one in an association of its own that offers deflate, so it travels deflated.
    for (const [deflate, some] of [
      [false, files.filter((f) => !f.endsWith('.deflated'))],
      [true, files.filter((f) => f.endsWith('.deflated'))],
    ] as const) {
      const sent = await storescu(team, some, deflate);
      expect(sent.code, sent.output).toBe(0);
      expect(sent.output).not.toMatch(/Error|Failed/i);
    }
    await settledStudies(team.id);
    const served = await retrieved(token, team, await found(token, team));
    expect([...served.keys()].sort()).toEqual([...sops].sort());
    // Each dataset served as it was received: as the file holds it, the deflated one's elements as the
    // file's (the SCP takes it explicit when offered, so storescu inflates it on the way).
    for (const [index, file] of files.entries()) {
      const bytes = new Uint8Array(await readFile(file));
      const kept = served.get(sops[index] ?? '') ?? new Uint8Array();
      if (file.endsWith('.deflated')) {
        await writeFile(`${file}.served`, kept);
        expect(elementsOf(`${file}.served`)).toEqual(elementsOf(file));
      } else expect(datasetOf(kept), file).toBe(datasetOf(bytes));
    }
  }, 600_000);

  it('keeps what STOW-RS takes and serves it byte for byte, the deflated one too', async () => {
    const { team, token } = await newTeam(false);
    const { files, sops } = await instances(2);
    const bytes = await Promise.all(files.map(async (f) => new Uint8Array(await readFile(f))));
    const res = await stow(t, token, team.slug, bytes);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Dataset;
    expect(answer['00081198']).toBeUndefined();
    await settledStudies(team.id);
    const served = await retrieved(token, team, await found(token, team));
    expect(sops.map((sop) => sha256(served.get(sop) ?? new Uint8Array()))).toEqual(bytes.map(sha256));
  }, 600_000);

  it('keeps them in an anonymising team too, under its keyed UIDs', async () => {
    const { team, token } = await newTeam(true);
    const { files } = await instances(3);
    const sent = await storescu(team, files);
    expect(sent.code, sent.output).toBe(0);
    await settledStudies(team.id);
    const instances3 = await found(token, team);
    expect(instances3).toHaveLength(files.length);
    expect(instances3.map((i) => value(i, '00100010'))).not.toContain('Kept^Instance');
  }, 600_000);

  it('refuses an instance without its series UID by both interfaces, with the same failure', async () => {
    const { team, token } = await newTeam(false);
    const { files } = await instances(4, '(0020,000e)');
    const [report] = files;
    const sent = await storescu(team, [report ?? '']);
    expect(sent.output).toMatch(/Received Store Response \(Error: CannotUnderstand\)/);
    const res = await stow(t, token, team.slug, [new Uint8Array(await readFile(report ?? ''))]);
    expect(res.status).toBe(409);
    const failed = ((await res.json()) as Dataset)['00081198']?.Value as Dataset[];
    expect(value(failed[0], '00081197')).toBe(String(0xc000));
    expect(await t.db.selectFrom('studies').select('id').where('team_id', '=', team.id).execute()).toEqual(
      [],
    );
  }, 600_000);
});
