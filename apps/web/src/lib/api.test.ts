import { api } from '@voxa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api';

const uuid = '6f1c1a8e-3b1d-4c2a-9d7e-2f0b9a1c5e4d';

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bytes of a raw-body endpoint as they are, with its content type', async () => {
    vi.stubGlobal('document', { querySelector: () => null, cookie: '' });
    vi.stubGlobal('location', { host: 'voxa.test', protocol: 'http:', pathname: '/' });
    vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);

    const answer = await call(api.masks.import, {
      params: { uuid },
      query: { structure: 'liver' },
      body: new Uint8Array([0x1f, 0x8b, 8]),
    });

    expect(answer).toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/svc/v2/import-mask/${uuid}?structure=liver`);
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      Authorization: 'Bearer token-1',
    });
    expect(init.body).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (init.body as Blob).arrayBuffer())]).toEqual([0x1f, 0x8b, 8]);
  });
});
