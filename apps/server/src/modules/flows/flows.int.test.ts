import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser } from '../../../test/factories';
import {
  newUploader,
  openSession,
  settled,
  upload,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { corpusSeries } from '../../../test/mask-flow';

/**
 * A flow on a real conversion: TotalSegmentator's example CT uploaded as the page does, with a pipeline of
 * the team's, converted by dcm2niix; and the server's own pipeline check when the study is stored.
 */
let u: Uploader;
let who: { token: string; team: string };
let ct: LocalSeries;

const pipeline = (code: string, acquisitions: { code: string; models: string[] }[]) => ({
  code,
  name: code,
  modality_code: 'CT',
  acquisitions,
  blueprint_code: null,
});

beforeAll(async () => {
  u = await newUploader();
  who = { token: u.owner.token, team: u.team.slug };
  ct = await corpusSeries('segmentation/totalsegmentator/example_ct_dicom');
  const own = await u.t.call('POST', '/ai2/model', {
    ...who,
    body: {
      name: 'Liver',
      code: 'liver-ct',
      structure: 'totalsegmentator-total',
      segments: [{ title: 'Liver', value: 1 }],
      runtime: 'external',
      modality: 'CT',
      spacing: [1.5, 1.5, 1.5],
    },
  });
  expect(own.status, JSON.stringify(own.body)).toBe(201);
  for (const body of [
    pipeline('CT_TWO_PHASES', [
      { code: 'AR', models: [] },
      { code: 'PV', models: [] },
    ]),
    pipeline('CT_ARTERIAL', [{ code: 'AR', models: ['total6mm', 'liver-ct'] }]),
  ])
    expect((await u.t.call('POST', '/pipeline', { ...who, body })).status).toBe(201);
}, 120_000);
afterAll(async () => u.t.close());

const studiesOfTeam = async () =>
  (await u.t.db.selectFrom('studies').select('id').where('team_id', '=', u.team.id).execute()).length;

async function storeWith(pipelineCode: string, acquisitions = ['AR']) {
  const session = await openSession(u);
  return u.t.call('POST', '/upload/studies?version=2', {
    ...who,
    body: {
      study: {
        id: 'study-1',
        patientName: 'ANON-FLOW',
        patientSex: null,
        studyDate: null,
        studyTime: null,
        modality: 'CT',
        pipelineCode,
        series: acquisitions.map((acquisitionCode, i) => ({
          id: `s${i + 1}`,
          type: 'dcm',
          seriesNumber: i + 1,
          seriesDescription: null,
          protocolName: null,
          modalityCode: 'CT',
          acquisitionCode,
          cnt: 1,
          numberOfFrames: 1,
        })),
      },
      studyInstanceUid: null,
      session_id: session,
      anonymize: true,
    },
  });
}

describe('the pipeline check when a study is stored', () => {
  it('refuses a study missing a required acquisition with the page’s toast, storing nothing', async () => {
    const before = await studiesOfTeam();
    const res = await storeWith('CT_TWO_PHASES');
    expect(res.status).toBe(422);
    const message = 'Study study-1 (ANON-FLOW) is missing required acquisitions for pipeline: PV';
    expect(res.body).toEqual({ message, errors: { 'study.pipelineCode': [message] } });
    expect(await studiesOfTeam()).toBe(before);
  });

  it('answers 404 for a pipeline the team does not have (a blueprint or another team’s)', async () => {
    expect((await storeWith('CT_ANGIO')).status).toBe(404);
    const stranger = await buildUser(u.t);
    const team = await buildTeam(u.t, stranger);
    const body = pipeline('THEIRS', [{ code: 'AR', models: [] }]);
    await u.t.call('POST', '/pipeline', { token: stranger.token, team: team.slug, body });
    expect((await storeWith('THEIRS')).status).toBe(404);
  });
});

describe('a flow before its series convert', () => {
  it('waits with a step per required acquisition, and misses them once the conversion has ended', async () => {
    const stored = await storeWith('CT_TWO_PHASES', ['AR', 'PV']);
    expect(stored.status).toBe(201);
    const flows = await u.t.call('GET', '/flow?state=waiting', who);
    const flow = flows.body.data.find((f: { study: { uuid: string } }) => f.study.uuid === stored.body.uuid);
    expect(flow).toMatchObject({
      state: 'waiting',
      pipeline: { code: 'CT_TWO_PHASES' },
      steps: [
        { acquisition_code: 'AR', state: 'waiting', series: null, inferences: [] },
        { acquisition_code: 'PV', state: 'waiting', series: null, inferences: [] },
      ],
    });
    const ended = await u.t.call('POST', '/upload/change-status', {
      ...who,
      body: { uuid: stored.body.uuid, id: stored.body.id, state: 'error' },
    });
    expect(ended.status).toBe(200);
    const after = await u.t.call('GET', `/flow/${flow.id}`, who);
    expect(after.body).toMatchObject({
      state: 'failed',
      steps: [{ state: 'missing' }, { state: 'missing' }],
    });
    await u.t.db.deleteFrom('studies').where('uuid', '=', stored.body.uuid).execute();
  });
});

type FlowBody = {
  id: number;
  state: string;
  pipeline: { code: string };
  study: { uuid: string; code: string };
  steps: {
    acquisition_code: string;
    state: string;
    series: { uuid: string } | null;
    inferences: { model_code: string; inference_id: number | null; state: string | null }[];
  }[];
};

describe('a flow after a real conversion', () => {
  let flow: FlowBody;
  let seriesUuid: string;

  beforeAll(async () => {
    // A worker serving total6mm is online, so the conversion makes its automatic inference (decision 0094).
    const worker = await u.t.call('POST', '/ai-workers', { ...who, body: { name: 'gpu' } });
    const registered = await u.t.call('POST', '/ai-worker/register', {
      token: worker.body.token,
      body: { runtimes: ['external'], models: ['total6mm'], capacity: 1 },
    });
    expect(registered.status).toBe(200);
    const { study } = await upload(u, [ct], {
      anonymize: true,
      patientName: 'ANON-FLOW',
      studyUid: null,
      modalityCode: 'CT',
      pipelineCode: 'CT_ARTERIAL',
      acquisitionCode: 'AR',
    });
    const [series] = await settled(u, study.id);
    expect(series?.status).toBe('done');
    seriesUuid = series?.uuid ?? '';
    // The step runs just after the series shows done (the conversion job's last step): wait for it.
    const end = Date.now() + 10_000;
    for (;;) {
      const res = await u.t.call('GET', '/flow', who);
      flow = res.body.data[0];
      if (flow?.steps[0]?.series || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  it('has a step per required acquisition: its series and the inferences started on it', async () => {
    expect(flow).toMatchObject({
      state: 'running',
      pipeline: { code: 'CT_ARTERIAL' },
      steps: [{ acquisition_code: 'AR', state: 'running', series: { uuid: seriesUuid } }],
    });
    const inferences = flow.steps[0]?.inferences ?? [];
    expect(inferences.map((i) => [i.model_code, i.state])).toEqual([
      ['total6mm', 'queued'],
      ['liver-ct', 'queued'],
    ]);
    // total6mm ran automatically after the conversion already: the step took that one, not a second.
    const jobs = await u.t.db
      .selectFrom('ai_jobs')
      .innerJoin('series', 'series.id', 'ai_jobs.series_id')
      .select(['ai_jobs.id', 'ai_jobs.model_code', 'ai_jobs.automatic', 'ai_jobs.created_by'])
      .where('series.uuid', '=', seriesUuid)
      .execute();
    expect(jobs.filter((j) => j.model_code === 'total6mm')).toHaveLength(1);
    const own = jobs.find((j) => j.model_code === 'liver-ct');
    expect(own).toMatchObject({ automatic: false, created_by: u.owner.id });
    expect(inferences[1]?.inference_id).toBe(own?.id);
    expect((await u.t.call('GET', `/ai2/inference/${own?.id}`, who)).status).toBe(200);
  });

  it('derives its state from its steps as their inferences end', async () => {
    const ids = (flow.steps[0]?.inferences ?? []).map((i) => i.inference_id ?? 0);
    await u.t.db.updateTable('ai_jobs').set({ state: 'done' }).where('id', 'in', ids).execute();
    const done = await u.t.call('GET', `/flow/${flow.id}`, who);
    expect(done.body).toMatchObject({ state: 'done', steps: [{ state: 'done' }] });
    expect((await u.t.call('GET', '/flow?state=done', who)).body.total).toBe(1);
    expect((await u.t.call('GET', '/flow?state=running', who)).body).toEqual({ data: [], total: 0 });
    await u.t.db
      .updateTable('ai_jobs')
      .set({ state: 'failed' })
      .where('id', '=', ids[1] ?? 0)
      .execute();
    const failed = await u.t.call('GET', `/flow/${flow.id}`, who);
    expect(failed.body).toMatchObject({ state: 'failed', steps: [{ state: 'failed' }] });
  });

  it('answers 403 without r:flow and 404 to another team', async () => {
    const viewer = await buildMember(u.t, u.team, 'Viewer');
    expect((await u.t.call('GET', '/flow', { token: viewer.token, team: u.team.slug })).status).toBe(403);
    const stranger = await buildUser(u.t);
    const team = await buildTeam(u.t, stranger);
    const theirs = { token: stranger.token, team: team.slug };
    expect((await u.t.call('GET', `/flow/${flow.id}`, theirs)).status).toBe(404);
    expect((await u.t.call('GET', '/flow', theirs)).body).toEqual({ data: [], total: 0 });
  });
});
