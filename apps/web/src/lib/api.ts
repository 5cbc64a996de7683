import {
  hostPrefix,
  type Endpoint,
  type Params,
  type Reply,
  type RequestBody,
  type RequestQuery,
} from '@voxa/contracts';
import { currentTeamSlug } from './host';
import { fillPath, queryString } from './request';
import { clearToken, getToken } from './storage';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallArgs<E extends Endpoint> = Part<'params', Params<E>> &
  Part<'query', RequestQuery<E>> &
  Part<'body', RequestBody<E>> & {
    signal?: AbortSignal;
    /** Do not send the browser to /login or /maintenance on 401/503 (logging, background calls). */
    quiet?: boolean;
    /** On 401 only clear the token (the caller's guards decide where to go), do not leave for /login. */
    keepPageOn401?: boolean;
    /** Sent besides the app's own (a byte Range). */
    headers?: Record<string, string>;
  };

type CallRest<E extends Endpoint> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

function leaveTo(path: string): void {
  if (location.pathname === path) return;
  const target =
    path === '/login' ? `?target=${encodeURIComponent(location.pathname + location.search)}` : '';
  location.assign(path + target);
}

export async function errorFrom(res: Response): Promise<ApiRequestError> {
  let body: { message?: unknown; errors?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON (a proxy error page, for instance): the status alone must do.
  }
  const message = typeof body.message === 'string' ? body.message : res.statusText || `HTTP ${res.status}`;
  const errors =
    body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
  return new ApiRequestError(res.status, message, errors);
}

interface CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  quiet?: boolean;
  keepPageOn401?: boolean;
  headers?: Record<string, string>;
}

export const urlOf = (endpoint: Endpoint, a: CallOptions) =>
  `${hostPrefix(endpoint)}${fillPath(endpoint.path, a.params)}${queryString(a.query)}`;

/** The app's sign-in, team and content type, as every call sends them. */
export function headersOf(endpoint: Endpoint, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const team = currentTeamSlug();
  if (team) headers.Team = team;
  // A file's bytes go as they are (an endpoint with a rawBody, such as import-mask); the rest as JSON.
  if (hasBody) headers['Content-Type'] = endpoint.rawBody ?? 'application/json';
  return headers;
}

/** Sends one call under its host's prefix (/api, or /svc for the services host); a failure throws. */
async function send(endpoint: Endpoint, a: CallOptions): Promise<Response> {
  const url = urlOf(endpoint, a);
  const headers = { ...headersOf(endpoint, a.body !== undefined), ...a.headers };
  const res = await fetch(url, {
    method: endpoint.method,
    headers,
    body: requestBody(endpoint, a.body),
    signal: a.signal,
  });
  if (!res.ok) {
    const error = await errorFrom(res);
    if (!a.quiet && res.status === 401 && endpoint.scope !== 'public') {
      clearToken();
      if (!a.keepPageOn401) leaveTo('/login');
    } else if (!a.quiet && res.status === 503) {
      leaveTo('/maintenance');
    }
    throw error;
  }
  return res;
}

/** Calls one contract endpoint and returns its parsed answer. */
export async function call<E extends Endpoint>(endpoint: E, ...[args]: CallRest<E>): Promise<Reply<E>> {
  const res = await send(endpoint, (args ?? {}) as CallOptions);
  if (res.status === 204 || endpoint.response === null) return undefined as Reply<E>;
  return (await res.json()) as Reply<E>;
}

/** Calls an endpoint that answers a file (`binary`) with the app's sign-in, and returns its bytes. */
export async function callBlob<E extends Endpoint & { binary: string }>(
  endpoint: E,
  ...[args]: CallRest<E>
): Promise<Blob> {
  return (await send(endpoint, (args ?? {}) as CallOptions)).blob();
}

/** Calls an endpoint that answers a file, for its response itself: its status and headers (a 206). */
export function callResponse<E extends Endpoint & { binary: string }>(
  endpoint: E,
  ...[args]: CallRest<E>
): Promise<Response> {
  return send(endpoint, (args ?? {}) as CallOptions);
}

function requestBody(endpoint: Endpoint, body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (endpoint.rawBody && body instanceof Uint8Array) return new Blob([body as Uint8Array<ArrayBuffer>]);
  return JSON.stringify(body);
}

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}
