import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { freePort, runTool } from '../../../test/dimse-tools';
import { orthancInstalled, startOrthanc } from '../../../test/orthanc';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { teamAeTitle } from './ae-policy';
import { startDimseScp, type DimseScp } from './scp';

/**
 * dcmtk's findscu, getscu and movescu (into a storescp the test starts) against the Query/Retrieve SCP:
 * a team's stored CT series is found at study, series and image level in both information models, and
 * retrieved by C-GET and by C-MOVE to a destination the team configured (decision 0090).
 */
const tools = ['storescu', 'findscu', 'getscu', 'movescu', 'storescp'];
const installed = tools.every((tool) => spawnSync('which', [tool]).status === 0);
if (!installed && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

const CT = path.join(TESTDATA_DIR, 'dicom', 'dcm_qa_ct', 'GE');
const ctFiles = ['01.dcm', '02.dcm', '03.dcm'].map((n) => path.join(CT, n));
const STUDY = '1.2.826.0.1.3680043.9.4245.1760717064491086528325869788156915668';
const SERIES = '1.2.826.0.1.3680043.9.4245.3115138630835728997848661150714813892';
const FIRST = '1.2.826.0.1.3680043.9.4245.3796287132707650689462822505588402341';

let t: TestApp;
let scp: DimseScp;
let port: number;
let owner: TestUser;
let team: TestTeam;
let other: TestTeam;
let dir: string;

/** A dcmtk SCU call to `ae` (the team's by default), with `-k` keys, verbose. */
const scu = (
  tool: string,
  model: '-S' | '-P',
  keys: string[],
  extra: string[] = [],
  ae = teamAeTitle(team.slug),
) =>
  runTool(tool, [
    '-v',
    model,
    '-aet',
    'WORKSTATION',
    '-aec',
    ae,
    ...extra,
    '127.0.0.1',
    String(port),
    ...keys.flatMap((k) => ['-k', k]),
  ]);

/** The values findscu printed for `tag` (e.g. `0020,000d`), one per response. */
const printed = (output: string, tag: string) =>
  [...output.matchAll(new RegExp(`\\(${tag}\\) \\w\\w \\[([^\\]]*)\\]`, 'gi'))].map((m) => m[1]?.trim());

const responses = (output: string) => output.match(/Find Response: \d+ \(Pending\)/g)?.length ?? 0;

async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).sort();
}

beforeAll(async () => {
  if (!installed) return;
  dir = await mkdtemp(path.join(tmpdir(), 'voxa-qr-'));
  port = await freePort();
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, owner);
  // Kept as sent: its UIDs are the files'.
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', team.id).execute();
  scp = startDimseScp(t.app.deps, port);
  const stored = await runTool('storescu', [
    '-aec',
    teamAeTitle(team.slug),
    '127.0.0.1',
    String(port),
    ...ctFiles,
  ]);
  expect(stored.code, stored.output).toBe(0);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await t.db
      .selectFrom('dicomweb_instances')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    if (rows.length === ctFiles.length) break;
    if (Date.now() > deadline) throw new Error('instances not indexed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);
afterAll(async () => {
  scp?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!installed)('DICOM Query/Retrieve SCP', () => {
  it('finds the study, its series and its images (Study Root), and nothing in another team', async () => {
    const study = await scu('findscu', '-S', [
      'QueryRetrieveLevel=STUDY',
      'StudyInstanceUID',
      'PatientName',
      'PatientID=QMNx85rKkkg',
      'NumberOfStudyRelatedInstances',
    ]);
    expect(study.code, study.output).toBe(0);
    expect(printed(study.output, '0020,000d')).toEqual([STUDY]);
    expect(printed(study.output, '0020,1208')).toEqual(['3']);
    expect(printed(study.output, '0008,0054')).toEqual([teamAeTitle(team.slug)]);

    const series = await scu('findscu', '-S', [
      'QueryRetrieveLevel=SERIES',
      `StudyInstanceUID=${STUDY}`,
      'SeriesInstanceUID',
      'Modality=CT',
    ]);
    expect(printed(series.output, '0020,000e')).toEqual([SERIES]);

    const images = await scu('findscu', '-S', [
      'QueryRetrieveLevel=IMAGE',
      `StudyInstanceUID=${STUDY}`,
      `SeriesInstanceUID=${SERIES}`,
      'SOPInstanceUID',
      'InstanceNumber',
    ]);
    expect(responses(images.output), images.output).toBe(3);
    expect(printed(images.output, '0008,0018')).toContain(FIRST);

    const none = await scu(
      'findscu',
      '-S',
      ['QueryRetrieveLevel=STUDY', 'StudyInstanceUID'],
      [],
      teamAeTitle(other.slug),
    );
    expect(none.code, none.output).toBe(0);
    expect(responses(none.output)).toBe(0);
  });

  it('finds by the Patient Root model, matches wildcards, and refuses a level or key it cannot serve', async () => {
    const found = await scu('findscu', '-P', [
      'QueryRetrieveLevel=STUDY',
      'PatientID=QMN*',
      'StudyInstanceUID',
    ]);
    expect(printed(found.output, '0020,000d')).toEqual([STUDY]);
    const missed = await scu('findscu', '-P', [
      'QueryRetrieveLevel=STUDY',
      'PatientID=NOBODY',
      'StudyInstanceUID',
    ]);
    expect(responses(missed.output)).toBe(0);
    const patients = await scu('findscu', '-P', ['QueryRetrieveLevel=PATIENT', 'PatientID']);
    expect(patients.output).toMatch(/Final Find Response \(Error: DataSetDoesNotMatchSOPClass\)/);
    const unmatched = await scu('findscu', '-S', ['QueryRetrieveLevel=STUDY', 'InstitutionName=Hospital']);
    expect(unmatched.output).toMatch(/Final Find Response \(Error: DataSetDoesNotMatchSOPClass\)/);
  });

  it('sends the study by C-GET on the same association', { timeout: 120_000 }, async () => {
    const into = await mkdtemp(path.join(dir, 'get-'));
    const run = await scu(
      'getscu',
      '-S',
      ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${STUDY}`],
      ['-od', into],
    );
    expect(run.code, run.output).toBe(0);
    expect(await filesIn(into), run.output).toHaveLength(3);
    const one = await mkdtemp(path.join(dir, 'get-one-'));
    await scu(
      'getscu',
      '-P',
      [
        'QueryRetrieveLevel=IMAGE',
        `StudyInstanceUID=${STUDY}`,
        `SeriesInstanceUID=${SERIES}`,
        `SOPInstanceUID=${FIRST}`,
      ],
      ['-od', one],
    );
    expect(await filesIn(one)).toEqual([`CT.${FIRST}`]);
  });

  it('sends the series by C-MOVE to a destination the team configured, and refuses an unknown one', async () => {
    const into = await mkdtemp(path.join(dir, 'move-'));
    const storePort = await freePort();
    const storescp: ChildProcess = spawn('storescp', ['-aet', 'DESTINATION', '-od', into, String(storePort)]);
    try {
      const as = { token: owner.token, team: team.slug };
      const destinations = [{ aeTitle: 'destination', host: '127.0.0.1', port: storePort }];
      const changed = await t.call('PUT', '/team/dimse', {
        ...as,
        body: { callingAeTitles: [], moveDestinations: destinations },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.moveDestinations).toEqual([
        { aeTitle: 'DESTINATION', host: '127.0.0.1', port: storePort },
      ]);
      const keys = ['QueryRetrieveLevel=SERIES', `StudyInstanceUID=${STUDY}`, `SeriesInstanceUID=${SERIES}`];
      const moved = await scu('movescu', '-S', keys, ['-aem', 'DESTINATION']);
      expect(moved.code, moved.output).toBe(0);
      expect(moved.output).toMatch(/Received Final Move Response \(Success\)/);
      expect(await filesIn(into)).toHaveLength(3);
      const unknown = await scu('movescu', '-S', keys, ['-aem', 'ELSEWHERE']);
      expect(unknown.output).toMatch(/Move Destination Unknown|MoveDestinationUnknown/i);
      // The other team has no destination of that title: its studies go nowhere.
      const foreign = await scu('movescu', '-S', keys, ['-aem', 'DESTINATION'], teamAeTitle(other.slug));
      expect(foreign.output).toMatch(/Move Destination Unknown|MoveDestinationUnknown/i);
    } finally {
      storescp.kill();
    }
  });

  it.skipIf(!orthancInstalled())(
    'is queried and retrieved by Orthanc configured with it as a modality (C-FIND, then C-MOVE to Orthanc)',
    { timeout: 120_000 },
    async () => {
      const orthanc = await startOrthanc({});
      try {
        const system = (await orthanc.call('GET', '/system')).body as { DicomAet: string; DicomPort: number };
        const as = { token: owner.token, team: team.slug };
        const destination = { aeTitle: system.DicomAet, host: '127.0.0.1', port: system.DicomPort };
        await t.call('PUT', '/team/dimse', {
          ...as,
          body: { callingAeTitles: [], moveDestinations: [destination] },
        });
        const modality = { AET: teamAeTitle(team.slug), Host: '127.0.0.1', Port: port };
        expect((await orthanc.call('PUT', '/modalities/voxa', modality)).status).toBe(200);

        const query = await orthanc.call('POST', '/modalities/voxa/query', {
          Level: 'Series',
          Query: { StudyInstanceUID: STUDY, SeriesInstanceUID: '', Modality: '' },
        });
        expect(query.status, orthanc.log()).toBe(200);
        const id = (query.body as { ID: string }).ID;
        const answers = (await orthanc.call('GET', `/queries/${id}/answers?expand&simplify`)).body as Record<
          string,
          string
        >[];
        expect(answers.map((a) => [a.SeriesInstanceUID, a.Modality])).toEqual([[SERIES, 'CT']]);

        const retrieved = await orthanc.call('POST', `/queries/${id}/retrieve`, {
          TargetAet: system.DicomAet,
          Synchronous: true,
        });
        expect(retrieved.status, orthanc.log()).toBe(200);
        const instances = (await orthanc.call('GET', '/instances?expand')).body as {
          MainDicomTags: { SOPInstanceUID: string };
        }[];
        expect(instances.map((i) => i.MainDicomTags.SOPInstanceUID)).toHaveLength(3);
        expect(instances.map((i) => i.MainDicomTags.SOPInstanceUID)).toContain(FIRST);
      } finally {
        await orthanc.stop();
      }
    },
  );
});
