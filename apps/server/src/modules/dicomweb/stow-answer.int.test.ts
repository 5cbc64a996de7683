import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, corpusFiles, dicomweb, sha256 as sha, stow as stowTo } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { IDENTITY_TEXTS, withIdentity } from '../../../test/identity';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { trailingPixelDataStart } from '@voxa/imaging';
import { registerJobs } from '..';
import { parseMultipartRelated } from './multipart-related';

/**
 * STOW-RS answers once the instances are stored and queued (decision 0066): before any conversion, under
 * the UIDs they will be served under; reads that could find them wait for their conversion. The server
 * starts without job workers, so the first answer provably comes before conversion; workers start later.
 */
type Dataset = Record<string, { Value?: unknown[] }>;

let t: TestApp;
let owner: TestUser;
let plain: TestTeam;
let anonymised: TestTeam;
let plainToken: string;
let anonToken: string;
let stopJobs: (() => void) | undefined;

const first = (ds: Dataset | undefined, tag: string) => ds?.[tag]?.Value?.[0];

async function stow(token: string, team: string, files: Uint8Array[]) {
  const res = await stowTo(t, token, team, files);
  return { status: res.status, answer: (await res.json()) as Dataset };
}

/** Each stored instance's RetrieveURL, as the answer gives it, and the path under /dicom-web. */
const retrieveUrls = (answer: Dataset) =>
  ((answer['00081199']?.Value ?? []) as Dataset[]).map((item) => String(first(item, '00081190')));
const underService = (url: string) => url.split('/dicom-web')[1] ?? '';
const studyOf = (answer: Dataset) => underService(String(first(answer, '00081190'))).split('/')[2] ?? '';

async function parts(res: Response) {
  return parseMultipartRelated(Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? '');
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  owner = await buildUser(t);
  plain = await buildTeam(t, owner);
  anonymised = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', plain.id).execute();
  plainToken = await apiToken(t, owner, plain);
  anonToken = await apiToken(t, owner, anonymised);
}, 120_000);
afterAll(async () => {
  stopJobs?.();
  await t?.close();
});

describe('STOW-RS answers once stored, and reads wait for the conversion', () => {
  it(
    'answers before any conversion; a QIDO-RS right after waits and finds the study; WADO-RS gives the bytes',
    { timeout: 300_000 },
    async () => {
      const originals = await corpusFiles('dcm_qa_ct/GE', 3);
      const { status, answer } = await stow(plainToken, plain.slug, originals);
      expect(status).toBe(200);
      // No worker runs yet: the series is queued, nothing converted or indexed.
      const series = await t.db
        .selectFrom('series')
        .select('status')
        .where('team_id', '=', plain.id)
        .execute();
      expect(series.map((s) => s.status)).toEqual(['converting']);
      const urls = retrieveUrls(answer);
      expect(urls).toHaveLength(3);
      const study = studyOf(answer);
      expect(urls.every((u) => u.includes(`/studies/${study}/series/`))).toBe(true);

      let answered = false;
      const search = dicomweb(t, `/studies?StudyInstanceUID=${study}`, {
        token: plainToken,
        team: plain.slug,
      });
      void search.then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(answered).toBe(false);
      stopJobs = registerJobs(t.app.deps);
      const found = (await (await search).json()) as Dataset[];
      expect(found).toHaveLength(1);
      expect(first(found[0], '00201208')).toBe(3);

      const byHash = new Set(originals.map(sha));
      for (const url of urls) {
        const res = await dicomweb(t, underService(url), { token: plainToken, team: plain.slug });
        expect(res.status).toBe(200);
        const [part] = await parts(res);
        expect(byHash.has(sha(part?.body ?? new Uint8Array()))).toBe(true);
      }
    },
  );

  it(
    'in an anonymising team, a WADO-RS right after the STOW-RS gets the answered instances, de-identified',
    { timeout: 300_000 },
    async () => {
      const planted = (await corpusFiles('dcm_qa_ct/GE', 3)).map((f) => withIdentity(f));
      const { status, answer } = await stow(
        anonToken,
        anonymised.slug,
        planted.map((p) => p.file),
      );
      expect(status).toBe(200);
      const study = studyOf(answer);
      expect(planted.flatMap((p) => p.uids)).not.toContain(study);
      const res = await dicomweb(t, `/studies/${study}`, { token: anonToken, team: anonymised.slug });
      expect(res.status).toBe(200);
      const retrieved = await parts(res);
      expect(retrieved).toHaveLength(3);
      const served = Buffer.concat(retrieved.map((p) => p.body)).toString('latin1');
      for (const text of [...IDENTITY_TEXTS, ...planted.flatMap((p) => p.uids)])
        expect(served).not.toContain(text);
      // Every RetrieveURL answered names an instance that is served (each answer read whole: one left
      // unread holds its connection, and with it the server's stop).
      for (const url of retrieveUrls(answer)) {
        const instance = await dicomweb(t, underService(url), { token: anonToken, team: anonymised.slug });
        expect(instance.status).toBe(200);
        expect((await parts(instance)).length).toBe(1);
      }
    },
  );

  it(
    'refuses instances cut short openly; a series that does not convert is told to the team and served',
    { timeout: 300_000 },
    async () => {
      // A team of its own: the others hold these slices' study already.
      const team = await buildTeam(t, owner);
      const token = await apiToken(t, owner, team);
      // CT slices cut short in their pixel data: refused, each with 0xC000 (decision 0091), none stored.
      const ct = await corpusFiles('dcm_qa_ct/GE', 3);
      const refused = await stow(
        token,
        team.slug,
        ct.map((f) => f.subarray(0, 300_000)),
      );
      expect(refused.status).toBe(409);
      const failed = (refused.answer['00081198']?.Value ?? []) as Dataset[];
      expect(failed.map((item) => first(item, '00081197'))).toEqual([0xc000, 0xc000, 0xc000]);
      expect(await t.db.selectFrom('studies').select('id').where('team_id', '=', team.id).execute()).toEqual(
        [],
      );
      // The same slices without their pixel data: whole instances, kept, though dcm2niix finds no image.
      const imageless = ct.map((f) => f.subarray(0, trailingPixelDataStart(f) ?? f.length));
      const { status, answer } = await stow(token, team.slug, imageless);
      expect(status).toBe(200);
      const study = studyOf(answer);
      const found = await dicomweb(t, `/studies?StudyInstanceUID=${study}`, { token, team: team.slug });
      expect(first(((await found.json()) as Dataset[])[0], '00201208')).toBe(3);
      expect(await parts(await dicomweb(t, `/studies/${study}`, { token, team: team.slug }))).toHaveLength(3);
      // The API user never signs in: the team's receiver (its creator) hears of it.
      const notice = await until('the failure notification', async () =>
        t.db
          .selectFrom('notifications')
          .select(['type_code', 'description'])
          .where('user_id', '=', owner.id)
          .where('team_id', '=', team.id)
          .executeTakeFirst(),
      );
      expect(notice.type_code).toBe('upload.conversion.error');
      expect(notice.description).toMatch(/1 of 1 series failed/);
      const studies = await t.db
        .selectFrom('studies')
        .select('status')
        .where('team_id', '=', team.id)
        .executeTakeFirstOrThrow();
      expect(studies.status).toBe('error');
    },
  );
});
