import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';
import { fetchVolume } from '../annotator/volumeRequest';
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
    queryFn: async ({ signal }) => cineFrames(await fetchVolume(uuid, 0, signal).bytes),
    retry: false,
    staleTime: Infinity,
  });
}
