import type { z } from 'zod';
import type { Permission } from './permissions';

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - worker: an AI worker, by its own token (`Bearer vxw_…`), for its team's jobs;
 * - xr-worker: an XR worker, by its own token (`Bearer vxr_…`), for its team's XR sessions;
 * - user: a signed-in user, with or without a team (a team named must be theirs);
 * - team: a signed-in member of the request's team (host or `Team` header);
 * - admin: a signed-in administrator.
 */
export type Scope = 'public' | 'user' | 'team' | 'admin' | 'worker' | 'xr-worker';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Where an endpoint is served: the API host under `/api`, the spec's "services host" under `/svc`. */
export type ApiHost = 'api' | 'services';

export interface Endpoint {
  method: Method;
  /** Path under /api (or /svc for the services host), Fastify style (`/teams/:teamSubdomain`). */
  path: string;
  scope: Scope;
  /** Permissions the caller must hold in the request's team (team scope only). */
  permissions?: readonly Permission[];
  /** At least one of these must be held too (team scope only): several pages reach the same data. */
  anyPermission?: readonly Permission[];
  /** Only a user with a verified e-mail may call it (team and admin scope always need one). */
  verified?: true;
  /** 'api' unless stated. */
  host?: ApiHost;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The request body is a file's raw bytes of this content type (the handler gets them as a Buffer, up to
   * the route's body limit); `body` is then absent.
   */
  rawBody?: 'application/octet-stream' | 'application/dicom';
  /** Success answer; `null` for 204 No Content or a binary answer. */
  response: z.ZodType | null;
  /** Content type of a binary success answer (the handler returns its bytes); response is then null. */
  binary?:
    | 'image/png'
    | 'application/octet-stream'
    | 'text/csv'
    | 'application/zip'
    | 'application/fhir+json'
    | 'application/dicom';
  /** Status of the success answer; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
}

export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** Whether an endpoint needs a verified e-mail address: all team and admin work, and team creation. */
export function needsVerifiedEmail(e: Endpoint): boolean {
  return e.scope === 'team' || e.scope === 'admin' || e.verified === true;
}

/** The path prefix of an endpoint's host. */
export function hostPrefix(e: Endpoint): '/api' | '/svc' {
  return e.host === 'services' ? '/svc' : '/api';
}

export type Body<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.infer<E['body']>
  : E['rawBody'] extends string
    ? Uint8Array | undefined
    : undefined;
/** What a client may send as the body: the schema's input (rbac as 1, say), which the server parses into Body. */
export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : E['rawBody'] extends string
    ? Uint8Array | undefined
    : undefined;
export type Query<E extends Endpoint> = E['query'] extends z.ZodType ? z.infer<E['query']> : undefined;
/** What a client may send as the query: the schema's input (rbac as 1, say), which the server parses into Query. */
export type RequestQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type Params<E extends Endpoint> = E['params'] extends z.ZodType ? z.infer<E['params']> : undefined;
export type Reply<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.infer<E['response']>
  : E['binary'] extends string
    ? Uint8Array | AsyncIterable<Uint8Array>
    : void;
