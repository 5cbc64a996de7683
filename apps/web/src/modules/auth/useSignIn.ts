import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@voxa/contracts';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { USER_KEY } from '../../app/session/useUser';
import { goToTeam } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { setToken } from '../../lib/storage';
import { signInDestination } from './signInDestination';

/** Stores a new session and moves on to where the user wanted to go. */
export function useSignIn(): (session: Session, fallback?: string) => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return useCallback(
    (session: Session, fallback?: string) => {
      setToken(session.token);
      client.setQueryData([...USER_KEY, session.token], session.user);
      const destination = signInDestination(
        session.user,
        search.get('target') ?? fallback ?? null,
        currentTeamSlug(),
      );
      if (destination.type === 'team') void goToTeam(destination.slug);
      else navigate(destination.to, { replace: true });
    },
    [client, navigate, search],
  );
}
