import { api, hostPrefix } from '@voxa/contracts';
import { ApiRequestError } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { fillPath } from '../../lib/request';
import { getToken } from '../../lib/storage';

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
  const endpoint = api.annotator.volume;
  const url = `${hostPrefix(endpoint)}${fillPath(endpoint.path, { uuid: seriesUuid, volume: index })}`;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const team = currentTeamSlug();
  if (team) headers.Team = team;
  const res = await fetch(url, { headers, signal });
  if (!res.ok)
    throw new ApiRequestError(res.status, res.status === 404 ? 'Volume not found.' : res.statusText);
  return res.arrayBuffer();
}
