import { INFERENCE_NO_WORKER, INFERENCE_WORKERS_BUSY } from '@voxa/contracts';
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
 * corpus, uploaded as the page does and converted by dcm2niix.
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

/** They are made just after the series shows done (the conversion job's last step): wait for them. */
async function madeFor(studyUuid: string, count: number, ms = 10_000): Promise<Listed[]> {
  const end = Date.now() + ms;
  for (;;) {
    const made = await inferencesOf(studyUuid);
    if (made.length >= count || Date.now() > end) return made;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('inferences after conversion', () => {
  let ct: Awaited<ReturnType<typeof converted>>;

  beforeAll(async () => {
    ct = await converted(await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'), 'CT');
  }, 240_000);

  it('a converted CT gets total6mm and total, started by its uploader, waiting visibly for a worker', async () => {
    const made = await madeFor(ct.study.uuid, 2);
    // Newest first: total6mm was made first.
    expect(made.map((i) => i.model.code)).toEqual(['total', 'total6mm']);
    for (const i of made)
      expect(i).toMatchObject({
        state: 'queued',
        automatic: true,
        series: { uuid: ct.series.uuid },
        created_by_user_name: 'Test User',
        reason: INFERENCE_NO_WORKER(i.model.code),
      });
    const job = await u.t.db
      .selectFrom('ai_jobs')
      .select(['created_by', 'parameters'])
      .where('id', '=', made[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ created_by: u.owner.id, parameters: { mp: {} } });
  });

  it('shows the worker serving a code once one registers', async () => {
    const worker = await u.t.call('POST', '/ai-workers', { ...who, body: { name: 'gpu' } });
    await u.t.call('POST', '/ai-worker/register', {
      token: worker.body.token,
      body: { runtimes: ['external'], models: ['total'], capacity: 1 },
    });
    const reasons = Object.fromEntries(
      (await inferencesOf(ct.study.uuid)).map((i) => [i.model.code, i.reason]),
    );
    expect(reasons).toEqual({ total: INFERENCE_WORKERS_BUSY, total6mm: INFERENCE_NO_WORKER('total6mm') });
    await u.t.call('DELETE', `/ai-workers/${worker.body.worker.id}`, who);
  });

  it('never makes them twice for one series (a conversion run again)', async () => {
    expect(await createAutomaticInferences(u.t.app.deps, ct.series.id)).toBe(0);
    expect(await inferencesOf(ct.study.uuid)).toHaveLength(2);
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
    expect(await createAutomaticInferences(u.t.app.deps, ct.series.id)).toBe(1);
    const [only] = await inferencesOf(ct.study.uuid);
    expect(only?.model.code).toBe('total');
    const job = await u.t.db
      .selectFrom('ai_jobs')
      .select('parameters')
      .where('id', '=', only?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job.parameters).toEqual({ n: 2, mp: { fast: false } });
  });

  it('a converted MR gets total-mr6mm and total-mr', async () => {
    const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
    if (!mosaic) throw new Error('no MR series in the corpus');
    const mr = await converted(mosaic, 'MR');
    const made = await madeFor(mr.study.uuid, 2);
    expect(made.map((i) => [i.model.code, i.automatic, i.state])).toEqual([
      ['total-mr', true, 'queued'],
      ['total-mr6mm', true, 'queued'],
    ]);
  }, 240_000);

  it('a series of another modality gets none', async () => {
    const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0004');
    if (!mosaic) throw new Error('no series in the corpus');
    const other = await converted(mosaic, 'US');
    // Made ones come within milliseconds of the series showing done: two seconds without any is none.
    expect(await madeFor(other.study.uuid, 1, 2000)).toEqual([]);
    expect(u.t.logs.filter((l) => l.includes('automatic inferences not created'))).toEqual([]);
  }, 240_000);
});
