import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type FlowState, type PipelineInput } from '@voxa/contracts';
import { call } from '../../lib/api';

/** Every query holding pipelines; a change also refreshes what the upload offers. */
const KEY = ['pipelines'] as const;
const UPLOAD_KEY = ['reference', 'pipelines'] as const;
const FLOWS_KEY = ['flows'] as const;
/** A flow still waiting or running is read again this often. */
const FLOW_POLL_MS = 3000;

export function useBlueprints() {
  return useQuery({
    queryKey: [...KEY, 'blueprints'],
    queryFn: ({ signal }) => call(api.pipelines.blueprints, { signal }),
    staleTime: Infinity,
  });
}

export function useTeamPipelines() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => call(api.pipelines.list, { signal }),
  });
}

export function useTeamPipeline(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.pipelines.detail, { params: { pipelineId: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function usePipelineChanges() {
  const client = useQueryClient();
  const onSettled = async () => {
    await client.invalidateQueries({ queryKey: KEY });
    await client.invalidateQueries({ queryKey: UPLOAD_KEY });
  };
  return {
    create: useMutation({
      mutationFn: (body: PipelineInput) => call(api.pipelines.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: PipelineInput }) =>
        call(api.pipelines.update, { params: { pipelineId: v.id }, body: v.body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(api.pipelines.remove, { params: { pipelineId: id } }),
      onSettled,
    }),
  };
}

const isOpen = (state: FlowState) => state === 'waiting' || state === 'running';

/** GET /flow, one state or all; polls while one shown is open. */
export function useFlows(state: FlowState | null, page: number) {
  return useQuery({
    queryKey: [...FLOWS_KEY, 'list', state, page],
    queryFn: ({ signal }) => call(api.flows.list, { query: { page, ...(state && { state }) }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((f) => isOpen(f.state)) ? FLOW_POLL_MS : false),
  });
}

/** GET /flow/:id; polls while it is open, so its steps move on as they run. */
export function useFlow(id: number | null) {
  return useQuery({
    queryKey: [...FLOWS_KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.flows.detail, { params: { flowId: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isOpen(q.state.data.state) ? FLOW_POLL_MS : false),
  });
}
