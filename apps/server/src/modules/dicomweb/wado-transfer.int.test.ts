import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dcmjs from 'dcmjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { apiToken, dicomweb, sha256, stow } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { orthancInstalled, startOrthanc } from '../../../test/orthanc';
import { decodePng } from '../../../test/png-decode';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { decodeFrame } from '../../platform/codecs/pixel-codec';
import { parseMultipartRelated } from './multipart-related';

/**
 * WADO-RS transfer syntaxes on a real server: compressed corpus instances (and one dcmtk compresses
 * from an uncompressed corpus file) stored by STOW-RS, then retrieved as Explicit VR Little Endian,
 * as stored, as raw frames and rendered; the pixels compared with the uncompressed source's.
 */
const which = (tool: string) => spawnSync('which', [tool]).status === 0;
const installed = which('dcmcjpeg') && which('dcmodify');
if (!installed && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

const EXPLICIT = '1.2.840.10008.1.2.1';
const corpus = (file: string) => path.join(TESTDATA_DIR, 'dicom', file);
const MR_SMALL = corpus('pydicom/MR_small.dcm');

/** Each compressed instance, the uncompressed file with its pixels, and its syntax. */
const LOSSLESS = [
  { name: 'RLE', file: corpus('pydicom/MR_small_RLE.dcm'), source: MR_SMALL, syntax: '1.2.840.10008.1.2.5' },
  {
    name: 'JPEG-LS',
    file: corpus('pydicom/MR_small_jpeg_ls_lossless.dcm'),
    source: MR_SMALL,
    syntax: '1.2.840.10008.1.2.4.80',
  },
  {
    name: 'JPEG 2000',
    file: corpus('pydicom/MR_small_jp2klossless.dcm'),
    source: MR_SMALL,
    syntax: '1.2.840.10008.1.2.4.90',
  },
  {
    name: 'JPEG lossless',
    file: corpus('dcm_qa_ts/5.dcm'),
    source: corpus('dcm_qa_ts/1.dcm'),
    syntax: '1.2.840.10008.1.2.4.70',
  },
];
const MULTIFRAME = {
  file: corpus('pydicom-data/emri_small_RLE.dcm'),
  source: corpus('pydicom-data/emri_small.dcm'),
};
const HEART = corpus('tensorflow-io/MR-MONO2-8-16x-heart.dcm');

let t: TestApp;
let team: TestTeam;
let token: string;
let work: string;
/** What was stored, by name: its bytes and WADO-RS path. */
const sent = new Map<string, { bytes: Uint8Array; url: string }>();

// A copy: the parts parsed from a response are views of its body.
const read = (bytes: Uint8Array) => dcmjs.data.DicomMessage.readFile(new Uint8Array(bytes).buffer);
const uidOf = (bytes: Uint8Array, tag: string) => String(read(bytes).dict[tag]?.Value?.[0]);
const nativePixels = (bytes: Uint8Array) =>
  Buffer.concat(((read(bytes).dict['7FE00010']?.Value ?? []) as ArrayBuffer[]).map((b) => new Uint8Array(b)));
const get = (url: string, accept?: string) =>
  dicomweb(t, url, { token, team: team.slug, headers: accept ? { accept } : {} });

async function parts(res: Response) {
  expect(res.status).toBe(200);
  return parseMultipartRelated(Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? '');
}

/** A copy of a file with a SOP Instance UID of its own (the corpus variants share the source's). */
async function ownCopy(file: string): Promise<Uint8Array> {
  const copy = path.join(work, `${randomUUID()}.dcm`);
  await copyFile(file, copy);
  execFileSync('dcmodify', [
    '-nb',
    '-m',
    `(0008,0018)=2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`)}`,
    copy,
  ]);
  return new Uint8Array(await readFile(copy));
}

/** Stores instances in one STOW-RS request, each under its name. */
async function store(instances: Record<string, Uint8Array>) {
  const res = await stow(t, token, team.slug, Object.values(instances));
  expect(res.status).toBe(200);
  for (const [name, bytes] of Object.entries(instances)) {
    const study = uidOf(bytes, '0020000D');
    const url = `/studies/${study}/series/${uidOf(bytes, '0020000E')}/instances/${uidOf(bytes, '00080018')}`;
    sent.set(name, { bytes, url });
  }
}

beforeAll(async () => {
  if (!installed) return;
  work = await mkdtemp(path.join(os.tmpdir(), 'voxa-wado-ts-'));
  t = await createTestApp();
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', team.id).execute();
  token = await apiToken(t, owner, team);
  const instances: Record<string, Uint8Array> = { uncompressed: await ownCopy(MR_SMALL) };
  for (const c of LOSSLESS) instances[c.name] = await ownCopy(c.file);
  await store(instances);
  await store({
    multiframe: await ownCopy(MULTIFRAME.file),
    bigEndian: await ownCopy(corpus('dcm_qa_ts/3.dcm')),
  });
  // JPEG baseline written by dcmtk from the uncompressed 8-bit corpus file (16 frames).
  execFileSync('dcmcjpeg', ['+eb', HEART, path.join(work, 'baseline.dcm')]);
  await store({ baseline: new Uint8Array(await readFile(path.join(work, 'baseline.dcm'))) });
}, 300_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(!installed)('WADO-RS transfer syntaxes', () => {
  it.each(LOSSLESS)(
    'serves a $name instance as Explicit VR Little Endian with the source pixels',
    async (c) => {
      const { bytes, url } = sent.get(c.name) ?? { bytes: new Uint8Array(0), url: '' };
      const source = nativePixels(new Uint8Array(await readFile(c.source)));
      for (const accept of [
        undefined,
        `multipart/related; type="application/dicom"; transfer-syntax=${EXPLICIT}`,
      ]) {
        const [part] = await parts(await get(url, accept));
        expect(part?.headers['content-type']).toContain(`transfer-syntax=${EXPLICIT}`);
        const served = read(part?.body ?? new Uint8Array(0));
        expect(served.meta['00020010']?.Value?.[0]).toBe(EXPLICIT);
        expect(nativePixels(part?.body ?? new Uint8Array(0)).equals(source)).toBe(true);
      }
      const [stored] = await parts(
        await get(url, 'multipart/related; type="application/dicom"; transfer-syntax=*'),
      );
      expect(sha256(stored?.body ?? new Uint8Array(0))).toBe(sha256(bytes));
      const [own] = await parts(
        await get(url, `multipart/related; type="application/dicom"; transfer-syntax=${c.syntax}`),
      );
      expect(sha256(own?.body ?? new Uint8Array(0))).toBe(sha256(bytes));
    },
  );

  it('serves frames as raw pixels by default and as stored for *', async () => {
    const { url } = sent.get('multiframe') ?? { url: '' };
    const source = nativePixels(new Uint8Array(await readFile(MULTIFRAME.source)));
    const size = 64 * 64 * 2;
    const raw = await get(`${url}/frames/2,5`, 'multipart/related; type="application/octet-stream"');
    const frames = await parts(raw);
    expect(raw.headers.get('content-type')).toContain('type="application/octet-stream');
    expect(frames[0]?.headers['content-type']).toContain(`transfer-syntax=${EXPLICIT}`);
    expect(Buffer.from(frames[0]?.body ?? []).equals(source.subarray(size, 2 * size))).toBe(true);
    expect(Buffer.from(frames[1]?.body ?? []).equals(source.subarray(4 * size, 5 * size))).toBe(true);
    const stored = await parts(
      await get(`${url}/frames/2`, 'multipart/related; type=application/octet-stream; transfer-syntax=*'),
    );
    expect(stored[0]?.headers['content-type']).toContain('transfer-syntax=1.2.840.10008.1.2.5');
    expect(stored[0]?.body.length).toBeLessThan(size);
  });

  it('serves frames asked as a compressed image type as stored, when stored so', async () => {
    const { url } = sent.get('JPEG-LS') ?? { url: '' };
    const [stored] = await parts(
      await get(`${url}/frames/1`, 'multipart/related; type="application/octet-stream"; transfer-syntax=*'),
    );
    const [jls] = await parts(await get(`${url}/frames/1`, 'multipart/related; type="image/jls"'));
    expect(jls?.headers['content-type']).toBe('image/jls; transfer-syntax=1.2.840.10008.1.2.4.80');
    expect(Buffer.from(jls?.body ?? []).equals(Buffer.from(stored?.body ?? []))).toBe(true);
    expect((await get(`${url}/frames/1`, 'multipart/related; type="image/jp2"')).status).toBe(406);
  });

  it('serves frames of a big endian instance as little endian pixels', async () => {
    const { url } = sent.get('bigEndian') ?? { url: '' };
    const source = nativePixels(new Uint8Array(await readFile(corpus('dcm_qa_ts/1.dcm'))));
    const [frame] = await parts(await get(`${url}/frames/1`));
    expect(frame?.headers['content-type']).toContain(`transfer-syntax=${EXPLICIT}`);
    expect(Buffer.from(frame?.body ?? []).equals(source)).toBe(true);
    const [part] = await parts(await get(url));
    expect(nativePixels(part?.body ?? new Uint8Array(0)).equals(source)).toBe(true);
  });

  it('serves JPEG baseline decoded within tolerance of the uncompressed source', async () => {
    const { url } = sent.get('baseline') ?? { url: '' };
    const source = nativePixels(new Uint8Array(await readFile(HEART)));
    const [part] = await parts(await get(url));
    const pixels = nativePixels(part?.body ?? new Uint8Array(0));
    expect(pixels.length).toBe(source.length);
    let total = 0;
    for (let i = 0; i < pixels.length; i++) total += Math.abs((pixels[i] ?? 0) - (source[i] ?? 0));
    expect(total / pixels.length).toBeLessThan(2);
    const [frame] = await parts(await get(`${url}/frames/3`));
    expect(Buffer.from(frame?.body ?? []).equals(pixels.subarray(2 * 256 * 256, 3 * 256 * 256))).toBe(true);
  });

  it('answers 406 for a transfer syntax it cannot produce or a part type it does not serve', async () => {
    const { url } = sent.get('uncompressed') ?? { url: '' };
    const j2k = 'transfer-syntax=1.2.840.10008.1.2.4.90';
    expect((await get(url, `multipart/related; type="application/dicom"; ${j2k}`)).status).toBe(406);
    expect(
      (await get(`${url}/frames/1`, `multipart/related; type="application/octet-stream"; ${j2k}`)).status,
    ).toBe(406);
    expect((await get(url, 'application/json')).status).toBe(406);
    expect((await get(`${url}/rendered`, 'image/gif')).status).toBe(406);
    const study = url.split('/series/')[0] ?? '';
    const res = await get(
      study,
      `multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.5`,
    );
    expect(res.status).toBe(406);
    expect(((await res.json()) as { message: string }).message).toContain('cannot be served');
  });

  it('renders compressed instances as PNG and JPEG', async () => {
    for (const name of ['JPEG 2000', 'multiframe', 'baseline']) {
      const { url } = sent.get(name) ?? { url: '' };
      const png = await get(`${url}/rendered`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const image = decodePng(new Uint8Array(await png.arrayBuffer()));
      expect(image.width).toBeGreaterThan(0);
      expect(image.rgba.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
    }
    const { url } = sent.get('RLE') ?? { url: '' };
    const jpeg = await get(`${url}/frames/1/rendered`, 'image/jpeg');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    const decoded = await decodeFrame(bytes, '1.2.840.10008.1.2.4.50', {
      rows: 64,
      columns: 64,
      samplesPerPixel: 3,
      bitsAllocated: 8,
      bitsStored: 8,
      pixelRepresentation: 0,
      planarConfiguration: 0,
      photometricInterpretation: 'YBR_FULL_422',
    });
    expect(decoded.pixels.length).toBe(64 * 64 * 3);
    expect(decoded.pixels.some((v) => v > 0)).toBe(true);
  });

  it('renders a study and a series, one image per instance', async () => {
    const { bytes, url } = sent.get('RLE') ?? { bytes: new Uint8Array(0), url: '' };
    const series = url.split('/instances/')[0] ?? '';
    const inSeries = [...sent.values()].filter((s) => s.url.startsWith(`${series}/`)).length;
    const images = await parts(await get(`${series}/rendered`));
    expect(images).toHaveLength(inSeries);
    for (const image of images) expect(decodePng(image.body).width).toBe(64);
    const study = `/studies/${uidOf(bytes, '0020000D')}`;
    const jpegs = await parts(await get(`${study}/rendered`, 'multipart/related; type="image/jpeg"'));
    expect(jpegs.length).toBeGreaterThanOrEqual(inSeries);
    for (const image of jpegs) expect([...image.body.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });
});

describe.skipIf(!installed)('WADO-RS transfer syntaxes in a team that anonymises', () => {
  it('decodes the de-identified copy of a compressed multi-frame instance to the source pixels', async () => {
    const owner = await buildUser(t);
    const anon = await buildTeam(t, owner);
    const anonToken = await apiToken(t, owner, anon);
    const stored = await stow(t, anonToken, anon.slug, [await ownCopy(MULTIFRAME.file)]);
    expect(stored.status).toBe(200);
    const call = { token: anonToken, team: anon.slug };
    const [found] = (await (await dicomweb(t, '/instances', call)).json()) as Record<
      string,
      { Value?: unknown[] }
    >[];
    const uid = (tag: string) => String(found?.[tag]?.Value?.[0]);
    const url = `/studies/${uid('0020000D')}/series/${uid('0020000E')}/instances/${uid('00080018')}`;
    const [part] = await parts(await dicomweb(t, url, call));
    const source = nativePixels(new Uint8Array(await readFile(MULTIFRAME.source)));
    expect(nativePixels(part?.body ?? new Uint8Array(0)).equals(source)).toBe(true);
    expect(read(part?.body ?? new Uint8Array(0)).dict['00100010']?.Value?.[0]).not.toEqual(
      read(new Uint8Array(await readFile(MULTIFRAME.file))).dict['00100010']?.Value?.[0],
    );
  });
});

/** Orthanc (DCMTK's decoders) is the reference where PS3.18 leaves room: the same requests, the same pixels. */
describe.skipIf(!installed || !orthancInstalled())('WADO-RS transfer syntaxes, beside Orthanc', () => {
  it('serves the same Explicit VR Little Endian pixels and raw frames as Orthanc does', async () => {
    const orthanc = await startOrthanc({});
    try {
      for (const name of ['RLE', 'JPEG-LS', 'JPEG lossless', 'multiframe', 'baseline', 'bigEndian']) {
        const { bytes, url } = sent.get(name) ?? { bytes: new Uint8Array(0), url: '' };
        expect((await orthanc.call('POST', '/instances', bytes)).status).toBe(200);
        const fromOrthanc = async (wado: string, accept: string) =>
          parts(await fetch(`${orthanc.url}/dicom-web${wado}`, { headers: { accept } }));
        const instance = 'multipart/related; type="application/dicom"';
        const [theirs] = await fromOrthanc(url, instance);
        const [ours] = await parts(await get(url, instance));
        expect(read(theirs?.body ?? new Uint8Array(0)).meta['00020010']?.Value?.[0]).toBe(EXPLICIT);
        const pixels = nativePixels(ours?.body ?? new Uint8Array(0));
        expect(pixels.equals(nativePixels(theirs?.body ?? new Uint8Array(0))), name).toBe(true);
        const frame = 'multipart/related; type="application/octet-stream"';
        const [theirFrame] = await fromOrthanc(`${url}/frames/1`, frame);
        const [ourFrame] = await parts(await get(`${url}/frames/1`, frame));
        expect(Buffer.from(ourFrame?.body ?? []).equals(Buffer.from(theirFrame?.body ?? [])), name).toBe(
          true,
        );
      }
    } finally {
      await orthanc.stop();
    }
  });
});
