import * as api from '@voxa/contracts/areas';
import { NIFTI1_HEADER_READ } from '@voxa/imaging';
import { callResponse } from '../../lib/api';

/** The first bytes of a volume (its NIfTI header) and the tag of the version they belong to. */
export interface VolumeHead {
  bytes: ArrayBuffer;
  etag: string | null;
}

/**
 * A volume on its way: its header comes first (one small range, so a slice can be shown before the
 * rest), then all its bytes (the header and the rest of the file).
 */
export interface VolumeLoad {
  head: Promise<VolumeHead>;
  bytes: Promise<ArrayBuffer>;
}

/** The one volume asked for ahead of the viewer, by `{uuid}-{index}`. */
let ahead: { key: string; load: VolumeLoad } | null = null;

/**
 * Starts fetching the volume a case opens on while the case itself is still asked for (the bytes are the
 * longest wait); the viewer's `fetchVolume` then takes them.
 */
export function prefetchVolume(seriesUuid: string, index: number): void {
  const key = `${seriesUuid}-${index}`;
  if (ahead?.key === key) return;
  const load = requestVolume(seriesUuid, index);
  // Nobody may ever take them (a case of another team): their failure is not an unhandled one.
  load.bytes.catch(() => undefined);
  ahead = { key, load };
}

/**
 * Volume `index` of converted series `seriesUuid`: the NIfTI bytes, fetched with the app's sign-in
 * (NiiVue's own loader could not send it). The server's ETag lets the browser cache revalidate them.
 */
export function fetchVolume(seriesUuid: string, index: number, signal?: AbortSignal): VolumeLoad {
  const key = `${seriesUuid}-${index}`;
  if (ahead?.key === key) {
    const { load } = ahead;
    ahead = null;
    return load;
  }
  return requestVolume(seriesUuid, index, signal);
}

const rangeHeaders = (start: number, end: number | null, etag: string | null): Record<string, string> => ({
  Range: `bytes=${start}-${end ?? ''}`,
  // Another conversion meanwhile: the whole new file rather than a piece of it.
  ...(etag && { 'If-Range': etag }),
});

/** The file's length from a 206's `Content-Range: bytes a-b/length`. */
const totalLength = (res: Response) => Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);

/**
 * The header's range first (the one read starting at byte 0, which the server records as the download),
 * then the rest of the file from where it ended.
 */
function requestVolume(seriesUuid: string, index: number, signal?: AbortSignal): VolumeLoad {
  const params = { uuid: seriesUuid, volume: index };
  const first = callResponse(api.annotator.volume, {
    params,
    signal,
    headers: rangeHeaders(0, NIFTI1_HEADER_READ - 1, null),
  }).then(async (res) => ({ res, bytes: await res.arrayBuffer(), etag: res.headers.get('etag') }));
  const bytes = first.then(async ({ res, bytes: start, etag }) => {
    // A whole file (no range served), or one no longer than its header.
    if (res.status !== 206 || !(totalLength(res) > start.byteLength)) return start;
    const rest = await callResponse(api.annotator.volume, {
      params,
      signal,
      headers: rangeHeaders(start.byteLength, null, etag),
    });
    if (rest.status !== 206) return rest.arrayBuffer();
    return new Blob([start, await rest.blob()]).arrayBuffer();
  });
  const head = first.then(({ bytes: start, etag }) => ({ bytes: start, etag }));
  // Not every caller looks at the header (the cine viewer): its failure shows through `bytes`.
  head.catch(() => undefined);
  return { head, bytes };
}

/**
 * Bytes [start, end) of the volume whose header is `head`, or null when the server answers anything but
 * that range (the volume was converted again meanwhile): a preview is then not worth the whole file.
 */
export async function fetchVolumeRange(
  seriesUuid: string,
  index: number,
  head: VolumeHead,
  start: number,
  end: number,
  signal?: AbortSignal,
): Promise<ArrayBuffer | null> {
  const res = await callResponse(api.annotator.volume, {
    params: { uuid: seriesUuid, volume: index },
    signal,
    headers: rangeHeaders(start, end - 1, head.etag),
  });
  if (res.status === 206) return res.arrayBuffer();
  await res.body?.cancel();
  return null;
}
