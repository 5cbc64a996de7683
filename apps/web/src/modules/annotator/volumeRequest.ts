import * as api from '@voxa/contracts/areas';
import { callBlob } from '../../lib/api';

/** The one volume asked for ahead of the viewer, by `{uuid}-{index}`. */
let ahead: { key: string; bytes: Promise<ArrayBuffer> } | null = null;

/**
 * Starts fetching the volume a case opens on while the case itself is still asked for (the bytes are the
 * longest wait); the viewer's `fetchVolume` then takes them.
 */
export function prefetchVolume(seriesUuid: string, index: number): void {
  const key = `${seriesUuid}-${index}`;
  if (ahead?.key === key) return;
  const bytes = requestVolume(seriesUuid, index);
  // Nobody may ever take them (a case of another team): their failure is not an unhandled one.
  bytes.catch(() => undefined);
  ahead = { key, bytes };
}

/**
 * Volume `index` of converted series `seriesUuid`: the NIfTI bytes, fetched with the app's sign-in
 * (NiiVue's own loader could not send it). The server's ETag lets the browser cache revalidate them.
 */
export function fetchVolume(seriesUuid: string, index: number, signal?: AbortSignal): Promise<ArrayBuffer> {
  const key = `${seriesUuid}-${index}`;
  if (ahead?.key === key) {
    const { bytes } = ahead;
    ahead = null;
    return bytes;
  }
  return requestVolume(seriesUuid, index, signal);
}

async function requestVolume(seriesUuid: string, index: number, signal?: AbortSignal): Promise<ArrayBuffer> {
  const blob = await callBlob(api.annotator.volume, { params: { uuid: seriesUuid, volume: index }, signal });
  return blob.arrayBuffer();
}
