import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type TrainingCreateBody, type TrainingStartBody } from '@voxa/contracts';
import { call } from '../../lib/api';
import { AI_MODELS_KEY } from '../ai-models/useAiModelsApi';
import { pollWhileOpen } from './state';

/** Every query holding trainings (list and details): a change refreshes them all. */
const KEY = ['trainings'] as const;

/** GET /ai2/trainings; polls while one is open. */
export function useTrainings() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => call(api.trainings.list, { signal }),
    refetchInterval: (q) => pollWhileOpen(q.state.data?.map((t) => t.state)),
  });
}

/** GET /ai2/training/:id; polls while it is open, so its curves grow. */
export function useTraining(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.trainings.detail, { params: { trainingId: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => pollWhileOpen(q.state.data && [q.state.data.state]),
  });
}

/**
 * GET ai2/ai-train/{modelId}/train-segmentation: the named segmentations, else the team's of the model's
 * structure, each checked against the model.
 */
export function useTrainSegmentations(modelId: number | null, ids?: readonly number[]) {
  return useQuery({
    queryKey: [...KEY, 'segmentations', modelId, ids?.join(',') ?? ''],
    queryFn: ({ signal }) =>
      call(api.trainings.trainSegmentation, {
        params: { modelId: modelId ?? 0 },
        query: ids ? { segmentationId: ids.join(',') } : {},
        signal,
      }),
    enabled: modelId !== null,
  });
}

/** PUT ai2/ai-train/stop/{trainId} {trainId, state: 'stopped'}. */
export function useStopTraining() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trainId: number) =>
      call(api.trainings.stop, { params: { trainId }, body: { trainId, state: 'stopped' } }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST ai2/train/promote/{trainingId}: a training that did not learn made a model on the user's word. */
export function usePromoteTraining() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trainingId: number) => call(api.trainings.promote, { params: { trainingId } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: AI_MODELS_KEY });
    },
  });
}

/** POST ai2/train/create, then POST ai2/train/start/{trainingId} with the parameters; answers the id. */
export function useCreateTraining() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ create, start }: { create: TrainingCreateBody; start: TrainingStartBody }) => {
      const created = await call(api.trainings.create, { body: create });
      await call(api.trainings.start, { params: { trainingId: created.trainingId }, body: start });
      return created.trainingId;
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
