import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * API users (issue 17 item 2; docs/decisions/0058-api-users.md): service accounts of one team with one of
 * its roles. Each has named tokens, answered once and kept hashed, optionally expiring, revocable. A token
 * is sent as `Authorization: Bearer vxa_…` (with the team's host or `Team` header) and is allowed what the
 * role allows, in that team only, never account endpoints. Managed at /admin/api/users (r:api-users).
 */

/** API tokens start so: the server knows one from a session token or a worker's without a lookup. */
export const API_TOKEN_PREFIX = 'vxa_';
/** Why an API user's token is refused on an account endpoint (403). */
export const API_USER_TEAM_ONLY = 'An API user may call its team’s endpoints only.';

const ApiName = z.string().trim().min(1).max(128);

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export const ApiTokenState = z.enum(API_TOKEN_STATES);
export type ApiTokenState = z.infer<typeof ApiTokenState>;

export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  /** The token's first characters, to tell it apart (the secret itself is never shown again). */
  prefix: z.string(),
  state: ApiTokenState,
  expires_at: Timestamp.nullable(),
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiUser = z.object({
  id: Id,
  name: z.string(),
  role: z.object({ id: Id, name: z.string() }),
  /** Tokens neither revoked nor expired. */
  active_tokens: z.number().int(),
  /** The latest use of any of its tokens. */
  last_used_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type ApiUser = z.infer<typeof ApiUser>;

export const ApiUserDetail = ApiUser.extend({ tokens: z.array(ApiToken) });
export type ApiUserDetail = z.infer<typeof ApiUserDetail>;

export const ApiUserBody = z.strictObject({ name: ApiName, role_id: Id });
export type ApiUserBody = z.infer<typeof ApiUserBody>;

export const ApiTokenBody = z.strictObject({
  name: ApiName,
  /** When it stops working; absent or null: never (until revoked). Must lie in the future. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ApiTokenBody = z.infer<typeof ApiTokenBody>;

const ApiUserParams = z.strictObject({ apiUserId: Id });

export const apiUsers = {
  list: endpoint({
    method: 'GET',
    path: '/api-users',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'The team’s API users with their role, active tokens and last use',
    response: z.array(ApiUser),
  }),
  roles: endpoint({
    method: 'GET',
    path: '/api-users/roles',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'The team’s roles an API user may be given (id and name)',
    response: z.array(z.object({ id: Id, name: z.string() })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api-users',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'Add an API user with one of the team’s roles (it holds that role’s permissions, never admin)',
    body: ApiUserBody,
    response: ApiUser,
    status: 201,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api-users/:apiUserId',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'One API user with its tokens (never their secrets)',
    params: ApiUserParams,
    response: ApiUserDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api-users/:apiUserId',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'Delete an API user: its tokens stop working at once',
    params: ApiUserParams,
    response: null,
    status: 204,
  }),
  createToken: endpoint({
    method: 'POST',
    path: '/api-users/:apiUserId/tokens',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'A new token of the API user: its secret is answered this once (only its hash is kept)',
    params: ApiUserParams,
    body: ApiTokenBody,
    response: z.object({ token: ApiToken, secret: z.string() }),
    status: 201,
  }),
  revokeToken: endpoint({
    method: 'DELETE',
    path: '/api-users/:apiUserId/tokens/:tokenId',
    scope: 'team',
    permissions: ['r:api-users'],
    summary: 'Revoke a token: it stops working at once (it stays listed as revoked)',
    params: z.strictObject({ apiUserId: Id, tokenId: Id }),
    response: null,
    status: 204,
  }),
};
