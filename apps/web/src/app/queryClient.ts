import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';

/** Client errors (4xx) are answers, not glitches: only network and server errors are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
