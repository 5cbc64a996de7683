import { INFERENCE_WORKERS_BUSY, type NeedsWorker } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderSeries,
  newUploader,
  settled,
  upload,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { corpusSeries } from '../../../test/mask-flow';
import { createAutomaticInferences } from './auto';

/**
 * Inferences made after real conversions: the CT of TotalSegmentator's example and a Siemens MR of the
 * corpus, uploaded as the page does and converted by dcm2niix. Only codes an online worker serves are run;
 * the others are recorded as needing a worker (decision 0094).
 */
let u: Uploader;
let who: { token: string; team: string };

beforeAll(async () => {
  u = await newUploader();
  who = { token: u.owner.token, team: u.team.slug };
}, 120_000);
afterAll(async () => u.t.close());

async function converted(local: LocalSeries, modalityCode: string) {
  const { study } = await upload(u, [local], {
    anonymize: true,
    patientName: `ANON-${modalityCode}`,
    studyUid: null,
    modalityCode,
  });
  const [series] = await settled(u, study.id);
  expect(series?.status).toBe('done');
  const row = await u.t.db
    .selectFrom('series')
    .select(['id', 'uuid'])
    .where('uuid', '=', series?.uuid ?? '')
    .executeTakeFirstOrThrow();
  return { study, series: row };
}

type Listed = {
  id: number;
  state: string;
  reason: string | null;
  automatic: boolean;
  model: { code: string };
  series: { uuid: string };
  created_by_user_name: string | null;
};

const inferencesOf = async (studyUuid: string): Promise<Listed[]> => {
  const res = await u.t.call('GET', `/ai2/inferences?study=${studyUuid}`, who);
  expect(res.status).toBe(200);
  return res.body.data;
};

const needsWorker = async (studyUuid: string): Promise<Record<string, string[]>> => {
  const res = await u.t.call('GET', `/ai2/needs-worker?study=${studyUuid}`, who);
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as NeedsWorker).series.map((s) => [s.uuid, s.models]));
};

/** They are recorded just after the series shows done (the conversion job's last step): wait for them. */
async function neededFor(studyUuid: string, ms = 10_000): Promise<Record<string, string[]>> {
  const end = Date.now() + ms;
  for (;;) {
    const needed = await needsWorker(studyUuid);
    if (Object.keys(needed).length > 0 || Date.now() > end) return needed;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('inferences after conversion', () => {
  let ct: Awaited<ReturnType<typeof converted>>;
  let gpu: { token: string; worker: { id: number } };

  beforeAll(async () => {
    ct = await converted(await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'), 'CT');
  }, 240_000);

  it('a converted CT on a default install gets no inference: total6mm and total need a worker', async () => {
    expect(await neededFor(ct.study.uuid)).toEqual({ [ct.series.uuid]: ['total', 'total6mm'] });
    expect(await inferencesOf(ct.study.uuid)).toEqual([]);
  });

  it('runs a code once a worker serves it, started by the uploader, waiting visibly for a free worker', async () => {
    const worker = await u.t.call('POST', '/ai-workers', { ...who, body: { name: 'gpu' } });
    gpu = worker.body;
    await u.t.call('POST', '/ai-worker/register', {
      token: gpu.token,
      body: { runtimes: ['external'], models: ['total'], capacity: 1 },
    });
    expect(await createAutomaticInferences(u.t.app.deps, ct.series.id)).toBe(1);
    const made = await inferencesOf(ct.study.uuid);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      state: 'queued',
      automatic: true,
      model: { code: 'total' },
      series: { uuid: ct.series.uuid },
      created_by_user_name: 'Test User',
      reason: INFERENCE_WORKERS_BUSY,
    });
    const job = await u.t.db
      .selectFrom('ai_jobs')
      .select(['created_by', 'parameters'])
      .where('id', '=', made[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ created_by: u.owner.id, parameters: { mp: {} } });
    expect(await needsWorker(ct.study.uuid)).toEqual({ [ct.series.uuid]: ['total6mm'] });
  });

  it('never makes them twice for one series (a conversion run again)', async () => {
    expect(await createAutomaticInferences(u.t.app.deps, ct.series.id)).toBe(0);
    expect(await inferencesOf(ct.study.uuid)).toHaveLength(1);
  });

  it('leaves out a model the team turned off, and takes the team’s defaults', async () => {
    const models = await u.t.call('GET', '/ai2/model-configuration', who);
    const byCode = new Map(
      models.body.map((c: { model: { id: number; code: string } }) => [c.model.code, c.model.id]),
    );
    await u.t.call('PUT', `/ai2/model-configuration/${byCode.get('total6mm')}`, {
      ...who,
      body: { n: null, mp: {}, automatic: false },
    });
    await u.t.call('PUT', `/ai2/model-configuration/${byCode.get('total')}`, {
      ...who,
      body: { n: 2, mp: { fast: false }, automatic: true },
    });
    await u.t.db.deleteFrom('ai_jobs').where('series_id', '=', ct.series.id).execute();
    await u.t.db.deleteFrom('ai_needs_worker').where('series_id', '=', ct.series.id).execute();
    expect(await createAutomaticInferences(u.t.app.deps, ct.series.id)).toBe(1);
    const [only] = await inferencesOf(ct.study.uuid);
    expect(only?.model.code).toBe('total');
    const job = await u.t.db
      .selectFrom('ai_jobs')
      .select('parameters')
      .where('id', '=', only?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job.parameters).toEqual({ n: 2, mp: { fast: false } });
    // Turned off, it needs no worker either.
    expect(await needsWorker(ct.study.uuid)).toEqual({});
    await u.t.call('DELETE', `/ai-workers/${gpu.worker.id}`, who);
  });

  it('a converted MR gets none while no worker serves total-mr6mm and total-mr', async () => {
    const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
    if (!mosaic) throw new Error('no MR series in the corpus');
    const mr = await converted(mosaic, 'MR');
    expect(await neededFor(mr.study.uuid)).toEqual({ [mr.series.uuid]: ['total-mr', 'total-mr6mm'] });
    expect(await inferencesOf(mr.study.uuid)).toEqual([]);
  }, 240_000);

  it('a series of another modality gets none and needs nothing', async () => {
    const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0004');
    if (!mosaic) throw new Error('no series in the corpus');
    const other = await converted(mosaic, 'US');
    // Records come within milliseconds of the series showing done: two seconds without any is none.
    expect(await neededFor(other.study.uuid, 2000)).toEqual({});
    expect(await inferencesOf(other.study.uuid)).toEqual([]);
    expect(u.t.logs.filter((l) => l.includes('automatic inferences not created'))).toEqual([]);
  }, 240_000);
});
