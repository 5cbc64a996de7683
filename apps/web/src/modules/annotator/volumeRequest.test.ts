import { NIFTI1_HEADER_READ } from '@voxa/imaging';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchVolume, fetchVolumeRange } from './volumeRequest';

const uuid = '6f1c1a8e-3b1d-4c2a-9d7e-2f0b9a1c5e4d';
const FILE = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const ETAG = '"v1"';

/** The volume endpoint as the server serves it: one byte range (206), If-Range against `etag`. */
function stubServer(etag = ETAG, ranges = true) {
  vi.stubGlobal('document', { querySelector: () => null, cookie: '' });
  vi.stubGlobal('location', { host: 'voxa.test', protocol: 'http:', pathname: '/' });
  vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const match = /^bytes=(\d+)-(\d*)$/.exec(headers.Range ?? '');
    const current = !headers['If-Range'] || headers['If-Range'] === etag;
    if (!ranges || !match || !current) return new Response(FILE.slice(), { status: 200, headers: { etag } });
    const start = Number(match[1]);
    const end = match[2] ? Number(match[2]) : FILE.length - 1;
    return new Response(FILE.slice(start, end + 1), {
      status: 206,
      headers: { etag, 'content-range': `bytes ${start}-${end}/${FILE.length}` },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const rangesAsked = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>).Range);

describe('fetchVolume', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the header first, then the rest from where it ended: one read from byte 0', async () => {
    const fetch = stubServer();
    const load = fetchVolume(uuid, 0);
    const head = await load.head;
    expect(new Uint8Array(head.bytes)).toEqual(FILE.slice(0, NIFTI1_HEADER_READ));
    expect(head.etag).toBe(ETAG);
    expect(new Uint8Array(await load.bytes)).toEqual(FILE);
    expect(rangesAsked(fetch)).toEqual([`bytes=0-${NIFTI1_HEADER_READ - 1}`, `bytes=${NIFTI1_HEADER_READ}-`]);
    expect(fetch.mock.calls[0]?.[0]).toBe(`/svc/v2/volume/${uuid}/0`);
  });

  it('takes the whole file when no range is served, or when the file changed after its header', async () => {
    stubServer(ETAG, false);
    const whole = fetchVolume(uuid, 0);
    expect(new Uint8Array(await whole.bytes)).toEqual(FILE);

    const fetch = stubServer('"v2"');
    fetch.mockImplementationOnce(
      async () =>
        new Response(FILE.slice(0, NIFTI1_HEADER_READ), {
          status: 206,
          headers: { etag: ETAG, 'content-range': `bytes 0-351/${FILE.length}` },
        }),
    );
    expect(new Uint8Array(await fetchVolume(uuid, 1).bytes)).toEqual(FILE);
  });
});

describe('fetchVolumeRange', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the bytes of a range of the version the header came from, else null', async () => {
    const fetch = stubServer();
    const head = { bytes: new ArrayBuffer(0), etag: ETAG };
    expect(new Uint8Array((await fetchVolumeRange(uuid, 0, head, 500, 600)) ?? new ArrayBuffer(0))).toEqual(
      FILE.slice(500, 600),
    );
    expect(fetch.mock.calls[0]?.[1].headers).toMatchObject({ Range: 'bytes=500-599', 'If-Range': ETAG });
    expect(await fetchVolumeRange(uuid, 0, { ...head, etag: '"old"' }, 500, 600)).toBeNull();
  });
});
