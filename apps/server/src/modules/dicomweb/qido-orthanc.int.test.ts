import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { apiToken, corpusFiles, dicomweb, stow } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { orthancInstalled, startOrthanc, type Orthanc } from '../../../test/orthanc';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  INDEXED_TAGS,
  MODALITIES_IN_STUDY,
  NUMBER_OF_SERIES_INSTANCES,
  NUMBER_OF_STUDY_INSTANCES,
  NUMBER_OF_STUDY_SERIES,
  RETRIEVE_URL,
} from './attributes';

const COUNTS = [
  MODALITIES_IN_STUDY,
  NUMBER_OF_STUDY_SERIES,
  NUMBER_OF_STUDY_INSTANCES,
  NUMBER_OF_SERIES_INSTANCES,
];

/**
 * QIDO-RS compared with Orthanc's (the reference where PS3.18 leaves room): the same instances stored in
 * both, the same searches sent to both, and every attribute Orthanc answers with a value answered alike.
 */
const installed = orthancInstalled();
const run = promisify(execFile);
if (!installed && process.env.CI === 'true')
  throw new Error('Orthanc is required in CI: apt-get install -y orthanc orthanc-dicomweb');

type Dataset = Record<string, { vr?: string; Value?: unknown[] }>;

let t: TestApp;
let orthanc: Orthanc;
let team: TestTeam;
let token: string;
let study = '';
let series = '';

/**
 * A CT file with odd-length date-time and time values (padded with a space in the file, as PS3.5 wants),
 * under new UIDs: answers must carry the values without their padding.
 */
async function padded(): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-qido-'));
  const file = path.join(dir, 'padded.dcm');
  await writeFile(file, readCorpusFile('dicom/dcm_qa_ct/GE/01.dcm'));
  await run('dcmodify', [
    '-nb',
    '-gst',
    '-gse',
    '-gin',
    '-i',
    '(0008,0030)=11402',
    '-i',
    '(0008,0020)=20180917',
    file,
  ]);
  const bytes = new Uint8Array(await readFile(file));
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

beforeAll(async () => {
  if (!installed) return;
  t = await createTestApp();
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', team.id).execute();
  token = await apiToken(t, owner, team);
  orthanc = await startOrthanc({});
  const files = [
    await padded(),
    ...(await corpusFiles('dcm_qa_ct/GE', 3)),
    ...(await corpusFiles('dcm_qa_nih/20180918GE/mr_0004', 2)),
  ];
  expect((await stow(t, token, team.slug, files)).status).toBe(200);
  for (const file of files) expect((await orthanc.call('POST', '/instances', file)).status).toBe(200);
}, 300_000);
afterAll(async () => {
  await orthanc?.stop();
  await t?.close();
});

async function voxa(path: string): Promise<Dataset[]> {
  const res = await dicomweb(t, path, {
    token,
    team: team.slug,
    headers: { accept: 'application/dicom+json' },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as Dataset[];
}

async function reference(path: string): Promise<Dataset[]> {
  const res = await orthanc.call('GET', `/dicom-web${path}`);
  expect(res.status, path).toBe(200);
  return res.body as Dataset[];
}

/**
 * Where PS3.18 leaves room, Orthanc is the reference, except: SpecificCharacterSet (DICOM JSON is UTF-8
 * whatever the file's set), attributes Voxa does not keep, and RetrieveURL's host (each server's own).
 */
const COMPARED = new Set([...INDEXED_TAGS, ...COUNTS, RETRIEVE_URL].filter((tag) => tag !== '00080005'));
const KEY_OF = { studies: '0020000D', series: '0020000E', instances: '00080018' } as const;
const uidOf = (ds: Dataset, tag: string) => String(ds[tag]?.Value?.[0]);
const servicePath = (url: unknown) => String(url).split('/dicom-web')[1];

/** Each difference of Voxa's answer from Orthanc's, as `uid tag: voxa ≠ orthanc`. */
function differences(ours: Dataset[], theirs: Dataset[], key: string): string[] {
  const out: string[] = [];
  const byUid = new Map(ours.map((ds) => [uidOf(ds, key), ds]));
  if (ours.length !== theirs.length) out.push(`${ours.length} results ≠ ${theirs.length}`);
  for (const expected of theirs) {
    const uid = uidOf(expected, key);
    const got = byUid.get(uid);
    if (!got) {
      out.push(`${uid}: missing`);
      continue;
    }
    for (const [tag, attribute] of Object.entries(expected)) {
      if (!COMPARED.has(tag)) continue;
      const mine = got[tag];
      const same =
        tag === RETRIEVE_URL
          ? servicePath(mine?.Value?.[0]) === servicePath(attribute.Value?.[0])
          : mine?.vr === attribute.vr &&
            JSON.stringify(mine?.Value ?? []) === JSON.stringify(attribute.Value ?? []);
      if (!same) out.push(`${uid} ${tag}: ${JSON.stringify(mine)} ≠ ${JSON.stringify(attribute)}`);
    }
  }
  return out;
}

describe.skipIf(!installed)('QIDO-RS beside Orthanc', () => {
  it(
    'answers the same searches with the same attributes, by keyword and by tag',
    { timeout: 300_000 },
    async () => {
      const [ct] = await reference('/studies?ModalitiesInStudy=CT');
      study = uidOf(ct ?? {}, '0020000D');
      const [first] = await reference(`/studies/${study}/series`);
      series = uidOf(first ?? {}, '0020000E');
      const searches: [string, keyof typeof KEY_OF][] = [
        ['/studies', 'studies'],
        ['/studies?PatientID=DEV', 'studies'],
        ['/studies?00100020=DEV', 'studies'],
        ['/studies?PatientName=test*', 'studies'],
        ['/studies?StudyDate=20180101-', 'studies'],
        ['/studies?StudyDate=20180917', 'studies'],
        ['/studies?StudyTime=11402', 'studies'],
        ['/studies?AccessionNumber=', 'studies'],
        ['/studies?includefield=all', 'studies'],
        ['/series', 'series'],
        ['/series?Modality=MR', 'series'],
        ['/series?00080060=CT&SeriesNumber=2', 'series'],
        [`/studies/${study}/series`, 'series'],
        ['/series?includefield=all', 'series'],
        ['/instances', 'instances'],
        [`/studies/${study}/instances`, 'instances'],
        [`/studies/${study}/series/${series}/instances?InstanceNumber=1`, 'instances'],
        ['/instances?PatientName=', 'instances'],
      ];
      const found: string[] = [];
      for (const [path, level] of searches) {
        const [ours, theirs] = await Promise.all([voxa(path), reference(path)]);
        expect(theirs.length, path).toBeGreaterThan(0);
        found.push(...differences(ours, theirs, KEY_OF[level]).map((d) => `${path} ${d}`));
      }
      expect(found).toEqual([]);
    },
  );
});

describe.skipIf(!installed)('QIDO-RS keys', () => {
  it('refuses a key it keeps no value of, rather than ignoring it', async () => {
    const res = await dicomweb(t, '/studies?00181030=x', { token, team: team.slug });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Not matched: 00181030 is not an attribute this server keeps.',
    });
  });

  it('matches a kept attribute without a column of its own from the stored attributes', async () => {
    const sex = await voxa('/series?PatientSex=*&includefield=PatientSex');
    const [some] = sex;
    const value = String(some?.['00100040']?.Value?.[0] ?? '');
    const matched = await voxa(`/series?PatientSex=${value || 'O'}`);
    expect(matched.length).toBe(value ? sex.filter((s) => s['00100040']?.Value?.[0] === value).length : 0);
    expect((await voxa('/instances?Rows=64')).every((i) => i['00280010']?.Value?.[0] === 64)).toBe(true);
    expect(await voxa('/instances?Rows=64')).toHaveLength(2);
  });

  it('answers DA and TM values without their padding', async () => {
    const [one] = await voxa('/studies?StudyDate=20180917&includefield=StudyTime');
    expect(one?.['00080020']).toEqual({ vr: 'DA', Value: ['20180917'] });
    expect(one?.['00080030']).toEqual({ vr: 'TM', Value: ['11402'] });
  });

  it('gives RetrieveURL at the team’s host when the Team header chose the team', async () => {
    const [one] = await voxa('/studies');
    expect(String(one?.[RETRIEVE_URL]?.Value?.[0])).toMatch(
      new RegExp(`^http://${team.slug}\\.voxa\\.test/dicom-web/studies/`),
    );
  });
});
