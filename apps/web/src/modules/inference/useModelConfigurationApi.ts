import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type ModelConfigurationBody } from '@voxa/contracts';
import { call } from '../../lib/api';

const KEY = ['model-configuration'] as const;
/** Workers come and go on their own: the page looks again this often. */
const REFRESH_MS = 10_000;

/** GET /ai2/model-configuration: per model, its workers now and the team's defaults. */
export function useModelConfigurations() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(api.inference.configuration, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** PUT /ai2/model-configuration/:modelId. */
export function useConfigureModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { modelId: number; body: ModelConfigurationBody }) =>
      call(api.inference.configure, { params: { modelId: v.modelId }, body: v.body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
