import type { Deps } from '../../deps';
import type { UserContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { issueToken, revokeSession } from '../accounts/sessions';

/** How long an administrator may act as someone else before signing in again. */
export const IMPERSONATION_TTL_MS = 4 * 60 * 60 * 1000;

export const SWITCH_TO_SELF = 'You cannot switch to yourself.';
export const ALREADY_SWITCHED = 'Leave the current user switch first.';
export const NOT_SWITCHED = 'You are not acting as another user.';

async function audit(
  deps: Pick<Deps, 'db'>,
  entry: { actorId: number; action: string; subject: string; data: Record<string, unknown> },
) {
  await deps.db
    .insertInto('audit_logs')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject,
      data: JSON.stringify(entry.data),
    })
    .execute();
}

/** An administrator starts acting as another user: a short-lived token naming them as impersonator. */
export async function startSwitch(
  deps: Pick<Deps, 'db' | 'config'>,
  ctx: Pick<UserContext, 'user' | 'impersonatorId'>,
  targetId: number,
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
  await audit(deps, {
    actorId: ctx.user.id,
    action: 'user-switch.start',
    subject: target.email,
    data: { user_id: target.id },
  });
  return token;
}

/** Ends an impersonation: its session is revoked and the administrator gets a fresh token of their own. */
export async function leaveSwitch(
  deps: Pick<Deps, 'db' | 'config'>,
  ctx: Pick<UserContext, 'user' | 'impersonatorId' | 'tokenId'>,
): Promise<string> {
  const adminId = ctx.impersonatorId;
  if (adminId === null) throw unprocessable(NOT_SWITCHED);
  await revokeSession(deps.db, ctx.tokenId);
  const { token } = await issueToken(deps.db, adminId, { ttlDays: deps.config.TOKEN_TTL_DAYS });
  await audit(deps, {
    actorId: adminId,
    action: 'user-switch.stop',
    subject: ctx.user.email,
    data: { user_id: ctx.user.id },
  });
  return token;
}
