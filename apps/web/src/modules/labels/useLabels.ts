import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';

export const LABELS_KEY = ['labels'] as const;

/** The team's labels (GET /label). */
export function useLabels() {
  return useQuery({ queryKey: LABELS_KEY, queryFn: () => call(api.labels.list) });
}

/** POST /label {name}; the server gives it #0043de. */
export function useCreateLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.labels.create, { body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: LABELS_KEY }),
  });
}

export interface LabelChange {
  id: number;
  name?: string;
  color?: string;
}

/**
 * PUT /label?id {name | color}. Studies show their labels too, so `alsoRefresh` names the queries
 * holding them.
 */
export function useUpdateLabel(alsoRefresh: readonly (readonly unknown[])[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LabelChange) => call(api.labels.update, { query: { id }, body }),
    onSettled: () =>
      Promise.all([LABELS_KEY, ...alsoRefresh].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
