import type { Page } from 'playwright-core';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * Calls the real HTTP API from a signed-in page, as the SPA does: its token, the page's team sub-domain,
 * X-Requested-With. For setting up what a story needs that another story already drives by hand.
 */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  /** Another token than the signed-in user's (an AI worker's, say). */
  as?: string,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body, as }) => {
      const token = as ?? localStorage.getItem('voxa_token') ?? '';
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Requested-With': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body, as },
  );
}

/** The same, failing the step unless the answer has the expected status. */
export async function apiOk<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  status = 200,
): Promise<T> {
  const answer = await apiCall<T>(page, method, path, body);
  if (answer.status !== status)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
