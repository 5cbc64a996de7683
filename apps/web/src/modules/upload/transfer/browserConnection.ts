import { currentTeamSlug } from '../../../lib/host';
import { getToken } from '../../../lib/storage';
import type { TransferConnection } from './transferClient';

/** The uploader's connection in the app: /api with the signed-in user's token and the current team. */
export function browserConnection(): TransferConnection {
  return {
    apiBase: '/api',
    fetch: (input, init) => fetch(input, init),
    headers: () => {
      const headers: Record<string, string> = {};
      const token = getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const team = currentTeamSlug();
      if (team) headers.Team = team;
      return headers;
    },
  };
}
