import { ApiRequestError } from './api';

/** First server message for a field of a 422 answer. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.errors[field]?.[0] : undefined;
}

/** Message for the whole form: the server's own message for 4xx answers, a generic one otherwise. */
export function formMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiRequestError && error.status < 500) return error.message;
  return 'Something went wrong. Please try again.';
}
