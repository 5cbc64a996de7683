import * as api from '@voxa/contracts/areas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, call, callBlob } from './api';

const uuid = '6f1c1a8e-3b1d-4c2a-9d7e-2f0b9a1c5e4d';

function stubPage(): void {
  vi.stubGlobal('document', { querySelector: () => null, cookie: '' });
  vi.stubGlobal('location', { host: 'voxa.test', protocol: 'http:', pathname: '/' });
  vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
}

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bytes of a raw-body endpoint as they are, with its content type', async () => {
    stubPage();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);

    const answer = await call(api.masks.import, {
      params: { uuid },
      query: { structure: 'liver', rbac: 1 },
      body: new Uint8Array([0x1f, 0x8b, 8]),
    });

    expect(answer).toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/svc/v2/import-mask/${uuid}?structure=liver&rbac=1`);
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      Authorization: 'Bearer token-1',
    });
    expect(init.body).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (init.body as Blob).arrayBuffer())]).toEqual([0x1f, 0x8b, 8]);
  });
});

describe('callBlob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches a binary answer with the sign-in and returns its bytes', async () => {
    stubPage();
    const fetch = vi.fn(async () => new Response(new Uint8Array([0x1f, 0x8b]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    const blob = await callBlob(api.masks.download, {
      params: { uuid, segmentationId: 4 },
      query: { revision: 2 },
    });

    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x1f, 0x8b]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/svc/v2/mask/${uuid}/4?revision=2`);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it("throws the server's message on a refusal", async () => {
    stubPage();
    const refusal = JSON.stringify({ message: 'Revision 9 not found' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(refusal, { status: 404 })),
    );

    const download = callBlob(api.masks.download, {
      params: { uuid, segmentationId: 4 },
      query: { revision: 9 },
    });

    await expect(download).rejects.toEqual(new ApiRequestError(404, 'Revision 9 not found'));
  });
});
