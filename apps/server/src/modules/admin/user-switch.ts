import type { Deps } from '../../deps';
import type { UserContext } from '../../http/context';
import type { UserRow } from '../../platform/db/schema';
import { recordAudit, type AuditSource } from '../audit/record';
import { notFound, unprocessable } from '../../http/errors';
import { issueToken, revokeSession } from '../accounts/sessions';

/** How long an administrator may act as someone else before signing in again. */
export const IMPERSONATION_TTL_MS = 4 * 60 * 60 * 1000;

export const SWITCH_TO_SELF = 'You cannot switch to yourself.';
export const ALREADY_SWITCHED = 'Leave the current user switch first.';
export const NOT_SWITCHED = 'You are not acting as another user.';

/** Where the request came from (a Fastify request is one): the audit record keeps it. */
type Origin = Pick<AuditSource, 'ip' | 'headers'>;

/** The switch's audit record: the administrator acting, the user switched to as subject. */
function audit(
  deps: Pick<Deps, 'db'>,
  admin: UserRow,
  origin: Origin,
  action: 'user-switch.start' | 'user-switch.stop',
  target: { id: number; email: string },
) {
  const ctx = { user: admin, team: null, tokenId: null, apiUserId: null, impersonatorId: null };
  return recordAudit(
    deps.db,
    { ...origin, ctx },
    { action, subject: 'user', id: target.id, label: target.email },
  );
}

/** An administrator starts acting as another user: a short-lived token naming them as impersonator. */
export async function startSwitch(
  deps: Pick<Deps, 'db' | 'config'>,
  ctx: Pick<UserContext, 'user' | 'impersonatorId'>,
  targetId: number,
  origin: Origin = {},
): Promise<string> {
  if (ctx.impersonatorId !== null) throw unprocessable(ALREADY_SWITCHED, { user_id: [ALREADY_SWITCHED] });
  if (targetId === ctx.user.id) throw unprocessable(SWITCH_TO_SELF, { user_id: [SWITCH_TO_SELF] });
  const target = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', targetId)
    // An API user's backing row is no account to act as (decision 0058).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('api_users').select('api_users.id').whereRef('api_users.user_id', '=', 'users.id')),
      ),
    )
    .executeTakeFirst();
  if (!target) throw notFound('User not found.');
  const { token } = await issueToken(deps.db, target.id, {
    ttlDays: deps.config.TOKEN_TTL_DAYS,
    impersonatorId: ctx.user.id,
    expiresAt: new Date(Date.now() + IMPERSONATION_TTL_MS),
  });
  await audit(deps, ctx.user, origin, 'user-switch.start', target);
  return token;
}

/** Ends an impersonation: its session is revoked and the administrator gets a fresh token of their own. */
export async function leaveSwitch(
  deps: Pick<Deps, 'db' | 'config'>,
  ctx: Pick<UserContext, 'user' | 'impersonatorId' | 'tokenId'>,
  origin: Origin = {},
): Promise<string> {
  const adminId = ctx.impersonatorId;
  if (adminId === null) throw unprocessable(NOT_SWITCHED);
  await revokeSession(deps.db, ctx.tokenId);
  const { token } = await issueToken(deps.db, adminId, { ttlDays: deps.config.TOKEN_TTL_DAYS });
  const admin = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  await audit(deps, admin, origin, 'user-switch.stop', ctx.user);
  return token;
}
