import { api, hostPrefix } from '@voxa/contracts';
import { ApiRequestError } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { fillPath } from '../../lib/request';
import { getToken } from '../../lib/storage';

/**
 * Volume `index` of converted series `seriesUuid`: the NIfTI bytes, fetched with the app's sign-in
 * (NiiVue's own loader could not send it). The server's ETag lets the browser cache revalidate them.
 */
export async function fetchVolume(
  seriesUuid: string,
  index: number,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
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
