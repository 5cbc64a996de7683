import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import {
  fullAiModels,
  type InferenceBatchBody,
  type InferenceCreateBody,
  type InferenceStartBody,
} from '@voxa/contracts';
import { call } from '../../lib/api';
import type { InferencesQuery } from './inferencesQuery';
import { batchOpen, POLL_MS, pollWhileRunning } from './state';

/** Every query holding inferences (lists, details, batches): a change refreshes them all. */
const KEY = ['inferences'] as const;

/** GET /ai2/inferences: a page of the team's (or one case's) inferences; polls while one is not ended. */
export function useInferences(query: InferencesQuery & { study?: string }) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(api.inference.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileRunning(q.state.data?.data.map((i) => i.state)),
  });
}

/** GET /ai2/inference/:id; polls while it is not ended. */
export function useInference(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.inference.detail, { params: { inferenceId: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => pollWhileRunning(q.state.data && [q.state.data.state]),
  });
}

/** PUT /ai2/inference/:id/cancel. */
export function useCancelInference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inferenceId: number) => call(api.inference.cancel, { params: { inferenceId } }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export interface RunRequest {
  create: InferenceCreateBody;
  n?: number;
  mp?: Record<string, unknown>;
}

/**
 * POST ai2/infer/create, then POST /svc/ai2/infer/start/{caseId}/{inferenceId} with the create answer
 * plus n and mp. A refused create throws (the form shows why); a failed start is only logged, as the spec's
 * error table has it for AI inference failures, and the inference stays created (decision 0049).
 */
export function useRunInference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ create, n, mp }: RunRequest) => {
      const created = await call(api.inference.create, { body: create });
      const body: InferenceStartBody = { ...created, ...(n !== undefined && { n }), ...(mp && { mp }) };
      try {
        await call(api.inference.start, {
          params: { caseId: created.caseId, inferenceId: created.inferenceId },
          body,
        });
      } catch (error) {
        console.warn('The inference could not be started', error);
      }
      return created;
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /ai2/infer/batches; polls while any batch has an inference not ended. */
export function useBatches() {
  return useQuery({
    queryKey: [...KEY, 'batches'],
    queryFn: ({ signal }) => call(api.inference.batches, { signal }),
    refetchInterval: (q) => (q.state.data?.some(batchOpen) ? POLL_MS : false),
  });
}

/** GET /ai2/infer/batch/:id: the progress table; polls while one of its inferences is not ended. */
export function useBatch(batchId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'batch', batchId],
    queryFn: ({ signal }) => call(api.inference.batch, { params: { batchId: batchId ?? 0 }, signal }),
    enabled: batchId !== null,
    refetchInterval: (q) => pollWhileRunning(q.state.data?.inferences.map((i) => i.state)),
  });
}

/** POST /ai2/infer/batch. */
export function useCreateBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InferenceBatchBody) => call(api.inference.createBatch, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The models an inference can run (whole models, for their names). */
export function useInferenceModels() {
  return useQuery({
    queryKey: ['ai-models', 'list', 'inference'],
    queryFn: async ({ signal }) => fullAiModels(await call(api.aiModels.list, { query: {}, signal })),
  });
}
