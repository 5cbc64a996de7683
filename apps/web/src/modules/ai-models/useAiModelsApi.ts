import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { fullAiModels, type AiModelInput } from '@voxa/contracts';
import { call } from '../../lib/api';
import { upload } from '../../lib/upload';
import type { AiModelsFilter } from './filter';

/** Every query holding AI models (list and details). */
export const AI_MODELS_KEY = ['ai-models'] as const;

/** GET /ai2/models with the filter (whole models); the list shown stays while the next loads. */
export function useAiModels(filter: AiModelsFilter) {
  return useQuery({
    queryKey: [...AI_MODELS_KEY, 'list', filter],
    queryFn: async ({ signal }) => fullAiModels(await call(api.aiModels.list, { query: filter, signal })),
    placeholderData: keepPreviousData,
  });
}

/** GET /ai2/model/:id; disabled without an id (the create page). */
export function useAiModel(id: number | null) {
  return useQuery({
    queryKey: [...AI_MODELS_KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.aiModels.detail, { params: { modelId: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Create, replace, delete and upload a file; each refreshes every models query. */
export function useAiModelChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: AI_MODELS_KEY });
  return {
    create: useMutation({
      mutationFn: (body: AiModelInput) => call(api.aiModels.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: AiModelInput }) =>
        call(api.aiModels.update, { params: { modelId: v.id }, body: v.body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(api.aiModels.remove, { params: { modelId: id } }),
      onSettled,
    }),
    upload: useMutation({
      mutationFn: (v: { id: number; file: File; onProgress: (sent: number) => void }) =>
        upload(api.aiModels.upload, { params: { modelId: v.id }, file: v.file, onProgress: v.onProgress }),
      onSettled,
    }),
  };
}
