import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useRefetchUser } from '../../app/session/useUser';
import { call } from '../../lib/api';

/** POST /teams/preferred, then the user is refetched; a failure is only logged (spec section 8). */
export function usePreferTeam() {
  const refetchUser = useRefetchUser();
  return useMutation({
    mutationFn: (slug: string) => call(api.teams.preferred, { body: { slug } }),
    onSettled: refetchUser,
    onError: (error) => console.error('Preferred team', error),
  });
}

/** POST /invitations/status, then the user is refetched; a failure is only logged. */
export function useAnswerInvitation() {
  const refetchUser = useRefetchUser();
  return useMutation({
    mutationFn: (answer: { id: number; status: 'accept' | 'decline' }) =>
      call(api.invitations.status, { body: answer }),
    onSettled: refetchUser,
    onError: (error) => console.error('Invitation answer', error),
  });
}
