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

/**
 * The same from the test process (no page: a global setup, say), at the server's base address with the
 * team as a header (Node does not resolve team sub-domains of localhost); fails unless the answer is 2xx.
 */
export async function serverCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  { body, token, team }: { body?: unknown; token?: string; team?: string } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(team ? { team } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
