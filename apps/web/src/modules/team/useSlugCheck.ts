import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { slugProblem } from '@voxa/contracts';
import { call } from '../../lib/api';

export type SlugState = { state: 'empty' | 'checking' | 'free' } | { state: 'problem'; message: string };

/** Local rules first (slugProblem), then GET /teams/check-slug once typing pauses. */
export function useSlugCheck(slug: string): SlugState {
  const [debounced] = useDebouncedValue(slug, 300);
  const local = slug ? slugProblem(slug) : null;
  const remote = useQuery({
    queryKey: ['check-slug', debounced],
    queryFn: ({ signal }) => call(api.teams.checkSlug, { query: { slug: debounced }, signal }),
    enabled: Boolean(debounced) && !slugProblem(debounced),
    staleTime: 10_000,
  });
  if (!slug) return { state: 'empty' };
  if (local) return { state: 'problem', message: local };
  if (debounced !== slug || remote.isPending) return { state: 'checking' };
  if (remote.data && !remote.data.available) {
    return { state: 'problem', message: remote.data.message ?? 'This address is already taken.' };
  }
  return { state: 'free' };
}
