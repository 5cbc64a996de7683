import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import {
  apiToken,
  corpusFiles,
  dicomweb,
  sha256 as sha,
  stow as stowTo,
  stowBody,
} from '../../../test/dicomweb-calls';
import { IDENTITY_TEXTS, withIdentity } from '../../../test/identity';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseMultipartRelated } from './multipart-related';
import { NO_INSTANCE } from './routes';

/** DICOMweb on a real server: STOW-RS into a team, then QIDO-RS and WADO-RS back, per team. */
let t: TestApp;
let owner: TestUser;
let plain: TestTeam;
let anonymised: TestTeam;
let plainToken: string;
let anonToken: string;
let originals: Uint8Array[];
let studyUid: string;

const json = async (res: Response) => (await res.json()) as Record<string, { Value?: unknown[] }>[];
const stow = (token: string, team: string, files: Uint8Array[]) => stowTo(t, token, team, files);
const value = (ds: Record<string, { Value?: unknown[] }> | undefined, tag: string) => ds?.[tag]?.Value?.[0];

async function parts(res: Response) {
  const body = Buffer.from(await res.arrayBuffer());
  return parseMultipartRelated(body, res.headers.get('content-type') ?? '');
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  plain = await buildTeam(t, owner);
  anonymised = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', plain.id).execute();
  plainToken = await apiToken(t, owner, plain);
  anonToken = await apiToken(t, owner, anonymised);
  originals = await corpusFiles('dcm_qa_ct/GE', 3);
  const res = await stow(plainToken, plain.slug, originals);
  expect(res.status).toBe(200);
  const answer = (await res.json()) as Record<string, { Value?: unknown[] }>;
  studyUid = String(answer['00081190']?.Value?.[0]).split('/studies/')[1] ?? '';
}, 300_000);
afterAll(async () => t.close());

describe('STOW-RS, QIDO-RS and WADO-RS in a team that keeps the originals', () => {
  it('finds the stored study by the standard matching, and pages', async () => {
    const q = (query: string) => dicomweb(t, `/studies?${query}`, { token: plainToken, team: plain.slug });
    const all = await json(await q(''));
    expect(all).toHaveLength(1);
    expect(value(all[0], '0020000D')).toBe(studyUid);
    expect(all[0]?.['00080061']?.Value).toEqual(['CT']);
    expect(value(all[0], '00201208')).toBe(3);
    expect(await json(await q('ModalitiesInStudy=CT'))).toHaveLength(1);
    expect(await json(await q('ModalitiesInStudy=MR'))).toHaveLength(0);
    expect(await json(await q(`StudyInstanceUID=1.2.3,${studyUid}`))).toHaveLength(1);
    expect(await json(await q('StudyDate=19000101-19000102'))).toHaveLength(0);
    expect(await json(await q('offset=1'))).toHaveLength(0);
    const name = String((value(all[0], '00100010') as { Alphabetic?: string } | undefined)?.Alphabetic ?? '');
    if (name)
      expect(
        await json(await q(`PatientName=${encodeURIComponent(`${name.slice(0, 2).toLowerCase()}*`)}`)),
      ).toHaveLength(1);
    expect((await q('StudyDate=2020')).status).toBe(400);
    expect((await q('limit=-1')).status).toBe(400);
  });

  it('lists series and instances, and retrieves the very bytes that were sent', async () => {
    const series = await json(
      await dicomweb(t, `/studies/${studyUid}/series`, { token: plainToken, team: plain.slug }),
    );
    expect(series).toHaveLength(1);
    const seriesUid = String(value(series[0], '0020000E'));
    const instances = await json(
      await dicomweb(t, `/studies/${studyUid}/series/${seriesUid}/instances?limit=2`, {
        token: plainToken,
        team: plain.slug,
      }),
    );
    expect(instances).toHaveLength(2);
    const res = await dicomweb(t, `/studies/${studyUid}`, { token: plainToken, team: plain.slug });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('multipart/related');
    const retrieved = (await parts(res)).map((p) => sha(p.body)).sort();
    expect(retrieved).toEqual(originals.map(sha).sort());
  });

  it('serves metadata, frames and a rendered frame of an instance', async () => {
    const [instance] = await json(await dicomweb(t, '/instances', { token: plainToken, team: plain.slug }));
    const url = `/studies/${studyUid}/series/${value(instance, '0020000E')}/instances/${value(instance, '00080018')}`;
    const [meta] = await json(await dicomweb(t, `${url}/metadata`, { token: plainToken, team: plain.slug }));
    expect(value(meta, '00280010')).toBe(512);
    expect(meta?.['7FE00010']).toMatchObject({ BulkDataURI: expect.stringContaining('/frames/1') });
    const frames = await parts(await dicomweb(t, `${url}/frames/1`, { token: plainToken, team: plain.slug }));
    expect(frames.map((f) => f.body.length)).toEqual([512 * 512 * 2]);
    expect((await dicomweb(t, `${url}/frames/2`, { token: plainToken, team: plain.slug })).status).toBe(404);
    expect((await dicomweb(t, `${url}/frames/x`, { token: plainToken, team: plain.slug })).status).toBe(400);
    const png = await dicomweb(t, `${url}/rendered`, { token: plainToken, team: plain.slug });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('takes the API token as HTTP Basic password too', async () => {
    const basic = `Basic ${Buffer.from(`any:${plainToken}`).toString('base64')}`;
    const res = await dicomweb(t, '/studies', { team: plain.slug, headers: { authorization: basic } });
    expect(res.status).toBe(200);
    expect(await json(res)).toHaveLength(1);
  });
});

describe('an anonymising team', () => {
  it(
    'stores and serves only de-identified data: no byte of the identity, remapped UIDs',
    { timeout: 300_000 },
    async () => {
      const planted = originals.map((f) => withIdentity(f));
      const res = await stow(
        anonToken,
        anonymised.slug,
        planted.map((p) => p.file),
      );
      expect(res.status).toBe(200);
      const [study] = await json(await dicomweb(t, '/studies', { token: anonToken, team: anonymised.slug }));
      const uid = String(value(study, '0020000D'));
      expect(planted.flatMap((p) => p.uids)).not.toContain(uid);
      const served = [
        JSON.stringify(study),
        await (
          await dicomweb(t, `/studies/${uid}/metadata`, { token: anonToken, team: anonymised.slug })
        ).text(),
        Buffer.from(
          await (
            await dicomweb(t, `/studies/${uid}`, { token: anonToken, team: anonymised.slug })
          ).arrayBuffer(),
        ).toString('latin1'),
      ].join('\n');
      for (const text of [...IDENTITY_TEXTS, ...planted.flatMap((p) => p.uids)])
        expect(served).not.toContain(text);
    },
  );
});

describe('access', () => {
  it('answers 401 without a token and 403 to a role without the permission', async () => {
    expect((await dicomweb(t, '/studies', { team: plain.slug })).status).toBe(401);
    const viewer = await apiToken(t, owner, plain, 'Viewer');
    expect((await dicomweb(t, '/studies', { token: viewer, team: plain.slug })).status).toBe(200);
    expect((await stow(viewer, plain.slug, originals.slice(0, 1))).status).toBe(403);
  });

  it('shows a token of one team nothing of another', async () => {
    expect((await dicomweb(t, '/studies', { token: anonToken, team: plain.slug })).status).toBe(404);
    expect(
      await json(
        await dicomweb(t, `/studies?StudyInstanceUID=${studyUid}`, {
          token: anonToken,
          team: anonymised.slug,
        }),
      ),
    ).toEqual([]);
    expect(
      (await dicomweb(t, `/studies/${studyUid}`, { token: anonToken, team: anonymised.slug })).status,
    ).toBe(404);
    expect(
      (await dicomweb(t, `/studies/${studyUid}/metadata`, { token: anonToken, team: anonymised.slug }))
        .status,
    ).toBe(404);
  });

  it('refuses a malformed or foreign STOW body without storing anything', async () => {
    const bad = await dicomweb(t, '/studies', {
      token: plainToken,
      team: plain.slug,
      method: 'POST',
      body: Buffer.from('not multipart'),
      headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=x' },
    });
    expect(bad.status).toBe(400);
    for (const closingOnly of ['--x--', '--x--\r\n', 'preamble\r\n--x--\r\nepilogue']) {
      const empty = await dicomweb(t, '/studies', {
        token: plainToken,
        team: plain.slug,
        method: 'POST',
        body: Buffer.from(closingOnly),
        headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=x' },
      });
      expect(empty.status, closingOnly).toBe(400);
      expect(await empty.json()).toEqual({ message: NO_INSTANCE });
    }
    const { body, contentType } = stowBody(originals.slice(0, 1));
    const otherStudy = await dicomweb(t, '/studies/1.2.3', {
      token: plainToken,
      team: plain.slug,
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });
    expect(otherStudy.status).toBe(409);
    expect(await json(await dicomweb(t, '/studies', { token: plainToken, team: plain.slug }))).toHaveLength(
      1,
    );
    const notDicom = await stow(plainToken, plain.slug, [Buffer.from('hello')]);
    expect(notDicom.status).toBe(409);
    const json415 = await dicomweb(t, '/studies', {
      token: plainToken,
      team: plain.slug,
      method: 'POST',
      body: Buffer.from('--x--'),
      headers: { 'content-type': 'multipart/related; type="application/dicom+json"; boundary=x' },
    });
    expect(json415.status).toBe(415);
  });
});

describe('the team’s DICOMweb settings', () => {
  it('reads and changes whether what arrives by STOW-RS is anonymised, per team', async () => {
    const as = { token: owner.token, team: anonymised.slug };
    expect((await t.call('GET', '/team/dicomweb', as)).body).toEqual({ anonymize: true });
    expect((await t.call('PUT', '/team/dicomweb', { ...as, body: { anonymize: false } })).body).toEqual({
      anonymize: false,
    });
    expect((await t.call('GET', '/team/dicomweb', as)).body).toEqual({ anonymize: false });
    expect((await t.call('GET', '/team/dicomweb', { ...as, team: plain.slug })).body).toEqual({
      anonymize: false,
    });
    expect((await t.call('PUT', '/team/dicomweb', { ...as, body: { anonymize: 'no' } })).status).toBe(422);
    await t.call('PUT', '/team/dicomweb', { ...as, body: { anonymize: true } });
  });
});
