import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoveDestination } from '@voxa/contracts';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';

const KEYS = {
  dicomweb: ['team', 'dicomweb'],
  dimse: ['team', 'dimse'],
} as const;

export function useDicomwebSettings() {
  return useQuery({ queryKey: KEYS.dicomweb, queryFn: () => call(api.dicomweb.settings) });
}

export function useChangeDicomwebSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (anonymize: boolean) => call(api.dicomweb.changeSettings, { body: { anonymize } }),
    onSuccess: (settings) => client.setQueryData(KEYS.dicomweb, settings),
  });
}

export function useDimseSettings() {
  return useQuery({ queryKey: KEYS.dimse, queryFn: () => call(api.dimse.settings) });
}

export function useChangeCallingAeTitles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (callingAeTitles: string[]) => call(api.dimse.changeSettings, { body: { callingAeTitles } }),
    onSuccess: (settings) => client.setQueryData(KEYS.dimse, settings),
  });
}

/** Saves the C-MOVE destinations, the calling AE titles as they are. */
export function useChangeMoveDestinations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { callingAeTitles: string[]; moveDestinations: MoveDestination[] }) =>
      call(api.dimse.changeSettings, { body: change }),
    onSuccess: (settings) => client.setQueryData(KEYS.dimse, settings),
  });
}
