import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';

const XR_WORKERS_KEY = ['xr-workers'] as const;
const XR_SESSIONS_KEY = ['xr-sessions'] as const;
/** Workers come and go and sessions move on the headset's side: the pages look again this often. */
const REFRESH_MS = 5000;

export function useXrWorkers() {
  return useQuery({
    queryKey: XR_WORKERS_KEY,
    queryFn: ({ signal }) => call(api.xrWorkers.list, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useXrSessions() {
  return useQuery({
    queryKey: XR_SESSIONS_KEY,
    queryFn: ({ signal }) => call(api.xrSessions.list, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useXrWorkerChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: XR_WORKERS_KEY });
  return {
    create: useMutation({
      mutationFn: (name: string) => call(api.xrWorkers.create, { body: { name } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (xrWorkerId: number) => call(api.xrWorkers.remove, { params: { xrWorkerId } }),
      onSettled,
    }),
  };
}

export function useXrSessionChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: XR_SESSIONS_KEY });
  return {
    create: useMutation({
      mutationFn: (body: { xr_worker_id: number; series_uuid: string }) =>
        call(api.xrSessions.create, { body }),
      onSettled,
    }),
    end: useMutation({
      mutationFn: (xrSessionId: number) => call(api.xrSessions.end, { params: { xrSessionId } }),
      onSettled,
    }),
  };
}
