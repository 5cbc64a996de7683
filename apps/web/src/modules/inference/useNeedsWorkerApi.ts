import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import type { CancelWaitingBody } from '@voxa/contracts';
import { call } from '../../lib/api';

/** Workers come and go on their own: what waits for one is looked at again this often. */
const REFRESH_MS = 10_000;

/** GET /ai2/needs-worker: models no online worker serves, series not run for want of one (one case's). */
export function useNeedsWorker(study?: string) {
  return useQuery({
    queryKey: ['inferences', 'needs-worker', study ?? null],
    queryFn: ({ signal }) => call(api.inference.needsWorker, { query: study ? { study } : {}, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** PUT /ai2/inferences/cancel-waiting: the team's queued inferences, or one model's, cancelled at once. */
export function useCancelWaiting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelWaitingBody) => call(api.inference.cancelWaiting, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['inferences'] }),
  });
}
