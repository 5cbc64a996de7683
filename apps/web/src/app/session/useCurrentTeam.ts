import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Team } from '@voxa/contracts';
import { call } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { useToken } from './useToken';

/** The team of this sub-domain (GET /teams/{slug}); idle on the base domain. */
export function useCurrentTeam() {
  const token = useToken();
  const slug = currentTeamSlug();
  return useQuery<Team>({
    queryKey: ['team', slug, token],
    queryFn: ({ signal }) => call(api.teams.get, { params: { teamSubdomain: slug ?? '' }, signal }),
    enabled: Boolean(token && slug),
    staleTime: 60_000,
    retry: false,
  });
}
