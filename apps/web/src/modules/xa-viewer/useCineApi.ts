import { useQuery } from '@tanstack/react-query';
import { api, hostPrefix } from '@voxa/contracts';
import { ApiRequestError, call } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { fillPath } from '../../lib/request';
import { getToken } from '../../lib/storage';
import { cineFrames } from './cineFrames';

/** GET /svc/v2/cine/{uuid}: frames, frame time and angles of the converted series. */
export function useCineFacts(uuid: string) {
  return useQuery({
    queryKey: ['cine', uuid],
    queryFn: ({ signal }) => call(api.cine.facts, { params: { uuid }, signal }),
    retry: false,
  });
}

/**
 * The series' first volume, fetched with the app's sign-in (GET /svc/v2/volume/{uuid}/0; its ETag lets
 * the browser revalidate), decoded into frames.
 */
export function useCineFrames(uuid: string) {
  return useQuery({
    queryKey: ['cine', uuid, 'frames'],
    queryFn: async ({ signal }) => cineFrames(await fetchVolume(uuid, signal)),
    retry: false,
    staleTime: Infinity,
  });
}

async function fetchVolume(uuid: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const endpoint = api.annotator.volume;
  const url = `${hostPrefix(endpoint)}${fillPath(endpoint.path, { uuid, volume: 0 })}`;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const team = currentTeamSlug();
  if (team) headers.Team = team;
  const res = await fetch(url, { headers, signal });
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText || `HTTP ${res.status}`);
  return res.arrayBuffer();
}
