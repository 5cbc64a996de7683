import { accounts } from './accounts';
import type { Endpoint } from './endpoint';
import { admin, invitations, logs, roles, teams } from './teams';

export * from './accounts';
export * from './common';
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './host';
export * from './permissions';
export * from './redirect';
export * from './slug';
export * from './socket';
export * from './teams';

/** Every API endpoint, by area. Server routes, the web client and the OpenAPI document come from here. */
export const api = { accounts, teams, invitations, roles, admin, logs } as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
}
