import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import type { CreateDatasetExport, DatasetExport } from '@voxa/contracts';
import { useEffect } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import { call, callBlob } from '../../lib/api';

const KEY = ['dataset-exports'] as const;
const busy = (exports: DatasetExport[] | undefined) =>
  exports?.some((e) => e.state === 'queued' || e.state === 'running') ?? false;

export function useTeamsToExport() {
  return useQuery({
    queryKey: ['admin', 'teams', ''],
    queryFn: ({ signal }) => call(api.admin.teams, { query: {}, signal }),
  });
}

export function useDatasetStructures(teamId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'structures', teamId],
    queryFn: ({ signal }) => call(api.datasetExports.structures, { params: { teamId: teamId ?? 0 }, signal }),
    enabled: teamId !== null,
  });
}

export function useDatasetCandidates(teamId: number | null, structureId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'candidates', teamId, structureId],
    queryFn: ({ signal }) =>
      call(api.datasetExports.candidates, {
        params: { teamId: teamId ?? 0 },
        query: { structure_id: structureId ?? 0 },
        signal,
      }),
    enabled: teamId !== null && structureId !== null,
  });
}

/**
 * Every export, refetched when the socket says one of ours moved, and every 3 s while one is under way
 * (another administrator's export has no event for us).
 */
export function useDatasetExports() {
  const socket = useSocket();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onProgress = () => void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    socket.on('dataset-export:progress', onProgress);
    return () => {
      socket.off('dataset-export:progress', onProgress);
    };
  }, [socket, client]);
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => call(api.datasetExports.list, { signal }),
    refetchInterval: (query) => (busy(query.state.data) ? 3000 : false),
  });
}

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDatasetExport) => call(api.datasetExports.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

export const downloadExport = (exportId: number) =>
  callBlob(api.datasetExports.download, { params: { exportId } });
