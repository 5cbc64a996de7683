import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';

const AI_WORKERS_KEY = ['ai-workers'] as const;
/** Workers' states and jobs move on their own: the page looks again this often. */
const REFRESH_MS = 5000;

export function useAiWorkers() {
  return useQuery({
    queryKey: AI_WORKERS_KEY,
    queryFn: ({ signal }) => call(api.aiWorkers.list, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useAiWorkerChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: AI_WORKERS_KEY });
  return {
    create: useMutation({
      mutationFn: (name: string) => call(api.aiWorkers.create, { body: { name } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (workerId: number) => call(api.aiWorkers.remove, { params: { workerId } }),
      onSettled,
    }),
  };
}
