import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type AiPromptTexts } from '@voxa/contracts';
import { call } from '../../lib/api';

const KEY = ['ai-prompts'] as const;

/** GET /ai-prompts: every prompt with its active version. */
export function useAiPrompts() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(api.aiPrompts.list, { signal }) });
}

/** GET /ai-prompts/:id with its versions; nothing is asked without an id. */
export function useAiPrompt(id: number | null) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) => call(api.aiPrompts.get, { params: { promptId: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Create a prompt, save a new version, activate one; the list and the prompt refresh. */
export function useAiPromptChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: (body: AiPromptTexts & { modality: string; type: 'acquisition' }) =>
        call(api.aiPrompts.create, { body }),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: (v: { id: number; texts: AiPromptTexts }) =>
        call(api.aiPrompts.edit, { params: { promptId: v.id }, body: v.texts }),
      onSettled,
    }),
    activate: useMutation({
      mutationFn: (v: { id: number; version: number }) =>
        call(api.aiPrompts.activate, { params: { promptId: v.id }, body: { version: v.version } }),
      onSettled,
    }),
  };
}

/** GET /ai-prompts/series?search: the team's stored series to test a prompt on. */
export function useAiPromptSeries(search: string) {
  return useQuery({
    queryKey: [...KEY, 'series', search],
    queryFn: ({ signal }) => call(api.aiPrompts.series, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /ai-prompts/:id/test: one run of a version on a stored series. */
export function useAiPromptTest() {
  return useMutation({
    mutationFn: (v: { id: number; seriesUuid: string; version: number }) =>
      call(api.aiPrompts.test, {
        params: { promptId: v.id },
        body: { seriesUuid: v.seriesUuid, version: v.version },
      }),
  });
}
