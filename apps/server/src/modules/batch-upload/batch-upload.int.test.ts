import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AfterUploadResult, ServerSeries } from '@voxa/contracts';
import { decodeDicomFrame } from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { readCorpusFile } from '../../../test/corpus';
import { filesBelow } from '../../../test/files';
import { makeRar } from '../../../test/rar-writer';
import { makeTarGz } from '../../../test/tar-writer';
import { sendFile, sha256 } from '../../../test/upload-calls';

/**
 * The V1 calls end to end on the real server: a RAR of a Siemens MR study and a tar.gz of a GE CT
 * series (made here from the corpus), with hostile variants beside them; the sort through after-upload,
 * a frame's pixels, the move to conversion and check-status until converted.
 */
let u: Uploader;
let session: string;
let result: AfterUploadResult;
const who = () => ({ token: u.owner.token, team: u.team.slug });
const ct = ['01', '02', '03', '04'].map((n) => readCorpusFile(`dicom/dcm_qa_ct/GE/${n}.dcm`));
const mr = ['mr_0003/epi_pe_ap-00001.dcm', 'mr_0003/epi_pe_ap-00002.dcm', 'mr_0004/epi_pe_pa-00001.dcm'];
// Zeros inflate about a thousand times: past 64 MB the ratio limit (200) refuses them as a bomb.
const zeros = new Uint8Array(80 * 1024 * 1024);

const svc = (p: string, body: unknown = {}) => u.t.call('POST', p, { ...who(), body, prefix: '/svc' });

async function send(name: string, bytes: Uint8Array) {
  const id = sha256(new TextEncoder().encode(name)).slice(0, 32);
  const sent = await sendFile(u.t, who(), {
    session,
    name,
    id,
    bytes,
    chunk: 2_097_152,
    endpoint: '/batch-upload/file',
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

beforeAll(async () => {
  u = await newUploader();
  const prepared = await u.t.call('POST', '/batch-upload', { ...who(), body: { prepare: true } });
  expect(prepared.status).toBe(200);
  session = (prepared.body as { session: string }).session;
  const dicom = ct[0] as Uint8Array;
  await send(
    'siemens.rar',
    makeRar(mr.map((p) => ({ name: `MR/${p}`, data: readCorpusFile(`dicom/dcm_qa_nih/20180918Si/${p}`) }))),
  );
  await send('ge.tar.gz', makeTarGz(ct.map((data, i) => ({ name: `CT/GE/${i + 1}.dcm`, data }))));
  await send('slip.rar', makeRar([{ name: '../../../../evil-rar.dcm', data: dicom }]));
  await send('link.rar', makeRar([{ name: 'evil-link', data: '/etc/passwd', mode: 0o120777 }]));
  await send('bomb.rar', makeRar([{ name: 'evil-bomb.dcm', data: dicom, declaredSize: 0xfffffff0 }]));
  await send('slip.tar.gz', makeTarGz([{ name: '../../../../evil-tar.dcm', data: dicom }]));
  await send('link.tar.gz', makeTarGz([{ name: 'evil-link', type: '2', linkTarget: '/etc/passwd' }]));
  await send('bomb.tar.gz', makeTarGz([{ name: 'evil-bomb.dcm', data: zeros }]));
  const started = await svc(`/batch-upload/after-upload/${session}`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body).toMatchObject({ status: 'sorting', result: null });
  const end = Date.now() + 120_000;
  for (;;) {
    const checked = await svc(`/batch-upload/after-upload/${session}?check=1`);
    expect(checked.status).toBe(200);
    result = checked.body as AfterUploadResult;
    if (result.status !== 'sorting' || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}, 300_000);
afterAll(async () => u.t.close());

const series = (test: (s: ServerSeries) => boolean) => {
  const found = result.result?.studies.flatMap((s) => s.series.map((x) => ({ study: s, series: x })));
  const hit = found?.find(({ series: s }) => test(s));
  if (!hit) throw new Error('series not found');
  return hit;
};

describe('after-upload', () => {
  it('inflates the RAR and the tar.gz into their series, and refuses the hostile ones with their reason', () => {
    expect(result.status).toBe('sorted');
    const byName = Object.fromEntries((result.result?.archives ?? []).map((a) => [a.name, a]));
    expect(byName['siemens.rar']).toEqual({ name: 'siemens.rar', files: 3, error: null });
    expect(byName['ge.tar.gz']).toEqual({ name: 'ge.tar.gz', files: 4, error: null });
    expect(byName['slip.rar']?.error).toMatch(/leaves the archive folder/);
    expect(byName['link.rar']?.error).toMatch(/link/);
    expect(byName['bomb.rar']?.error).toMatch(/zip bomb|at most \d+ bytes/);
    expect(byName['slip.tar.gz']?.error).toMatch(/leaves the archive folder/);
    expect(byName['link.tar.gz']?.error).toMatch(/is a link/);
    expect(byName['bomb.tar.gz']?.error).toMatch(/zip bomb/);
    const ge = series((s) => s.files.some((f) => f.path === 'ge.tar.gz/CT/GE/1.dcm'));
    expect(ge.series.cnt).toBe(4);
    const ap = series((s) => s.files.some((f) => f.name === 'epi_pe_ap-00001.dcm'));
    expect(ap.series.files.map((f) => f.path)).toEqual([
      'siemens.rar/MR/mr_0003/epi_pe_ap-00001.dcm',
      'siemens.rar/MR/mr_0003/epi_pe_ap-00002.dcm',
    ]);
  });

  it('leaves nothing of the refused archives: no link, no file outside the inflated folder', async () => {
    const root = u.t.app.deps.storage.root;
    const sessionDir = path.join(root, 'teams', String(u.team.id), 'uploads', session);
    const files = await filesBelow(root);
    expect(files.filter((f) => !f.startsWith(sessionDir + path.sep))).toEqual([]);
    const inflated = (await filesBelow(path.join(sessionDir, 'inflated'))).map((f) =>
      path.relative(path.join(sessionDir, 'inflated'), f),
    );
    expect(inflated.every((f) => f.startsWith('siemens.rar/') || f.startsWith('ge.tar.gz/'))).toBe(true);
    for (const f of files) expect((await lstat(f)).isSymbolicLink()).toBe(false);
    // A name that climbs out lands straight in a folder above the archive's (walking all of /tmp instead
    // met other tests' folders being removed): none of them holds one.
    for (let dir = path.join(sessionDir, 'inflated'); ; dir = path.dirname(dir)) {
      expect((await readdir(dir)).filter((name) => name.startsWith('evil'))).toEqual([]);
      if (dir === path.dirname(dir)) break;
    }
  });
});

describe('get-dcm-pixel-data', () => {
  it('answers the stored values of the frame, as the file holds them', async () => {
    const res = await fetch(`${u.t.url}/svc/batch-upload/get-dcm-pixel-data/${session}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.owner.token}`,
        team: u.team.slug,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ file: 'ge.tar.gz/CT/GE/2.dcm', numberOfFrames: 1, columns: 512, rows: 512 }),
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const decoded = decodeDicomFrame(ct[1] as Uint8Array, 0);
    if (!decoded.ok || decoded.frame.kind !== 'gray') throw new Error('not a grey frame');
    const v = decoded.frame.values;
    expect(Buffer.from(bytes).equals(Buffer.from(v.buffer, v.byteOffset, v.byteLength))).toBe(true);
  });

  it('refuses another size (422), and a path that is not a file of the session (404)', async () => {
    const body = { file: 'ge.tar.gz/CT/GE/2.dcm', numberOfFrames: 1, columns: 256, rows: 256 };
    expect((await svc(`/batch-upload/get-dcm-pixel-data/${session}`, body)).status).toBe(422);
    // An uploaded file of the session that is no DICOM: read, and refused for what it holds.
    expect(
      (await svc(`/batch-upload/get-dcm-pixel-data/${session}`, { ...body, file: 'slip.rar' })).status,
    ).toBe(422);
    for (const file of ['../../../etc/passwd', 'ge.tar.gz/../siemens.rar', 'slip.rar/x.dcm'])
      expect((await svc(`/batch-upload/get-dcm-pixel-data/${session}`, { ...body, file })).status).toBe(404);
  });
});

describe('move and check-status', () => {
  it('converts the stored series from the archive’s files and tells converted', async () => {
    const ge = series((s) => s.files.some((f) => f.path === 'ge.tar.gz/CT/GE/1.dcm'));
    const stored = await u.t.call('POST', '/upload/studies', {
      ...who(),
      body: {
        study: {
          id: 'v1-study',
          patientName: 'V1 Patient',
          modality: 'CT',
          series: [
            { id: 'v1-series', type: 'dcm', seriesNumber: 2, modalityCode: 'CT', cnt: 4, numberOfFrames: 1 },
          ],
        },
        studyInstanceUid: ge.study.studyInstanceUid,
        bodyPart: 'chest',
        session_id: session,
        anonymize: false,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const study = stored.body as { studyUuid: string; series: { uuid: string }[] };
    const seriesUuid = study.series[0]?.uuid as string;
    const files = ge.series.files.map((f) => f.path);
    const move = (body: object) => u.t.call('POST', '/batch-upload', { ...who(), body });
    const stray = await move({
      move: 1,
      session_id: session,
      studies: [{ studyUuid: study.studyUuid }],
      series: [{ studyUuid: study.studyUuid, seriesUuid, location: 'server', files: ['slip.rar/x.dcm'] }],
    });
    expect(stray.status).toBe(422);
    const moved = await move({
      move: 1,
      session_id: session,
      studies: [{ studyUuid: study.studyUuid }],
      series: [{ studyUuid: study.studyUuid, seriesUuid, location: 'server', files }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({ studies: [{ studyUuid: study.studyUuid, series: [{ seriesUuid }] }] });
    let states: unknown;
    const end = Date.now() + 240_000;
    do {
      await new Promise((r) => setTimeout(r, 500));
      const checked = await move({ 'check-status': 1, studies: [study.studyUuid] });
      expect(checked.status).toBe(200);
      states = (checked.body as { studies: Record<string, { status: string }[]> }).studies[study.studyUuid];
    } while ((states as { status: string }[])[0]?.status === 'converting' && Date.now() < end);
    expect(states).toEqual([{ seriesUuid, status: 'converted', data: { patientName: 'V1 Patient' } }]);
  }, 300_000);

  it('answers 404 for a study that is not the team’s, 422 for a malformed action', async () => {
    const unknown = await u.t.call('POST', '/batch-upload', {
      ...who(),
      body: { 'check-status': 1, studies: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    const malformed = await u.t.call('POST', '/batch-upload', { ...who(), body: { move: 2 } });
    expect([400, 422]).toContain(malformed.status);
  });
});
