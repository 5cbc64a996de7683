import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { createAccountLimit, perAddressLimit } from './login-limit';
import { presentUser } from './present';
import * as accounts from './service';
import { revokeSession } from './sessions';

const a = api.accounts;

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const session = async (r: { user: Parameters<typeof presentUser>[1]; token: string }) => ({
    token: r.token,
    user: await presentUser(db, r.user, null),
  });

  route(app, a.register, async ({ body }) => session(await accounts.register(deps, body)));
  const accountLimit = createAccountLimit(app, config);
  route(
    app,
    a.login,
    async ({ body, req, reply }) => {
      await accountLimit.admit(req, reply);
      const signedIn = await accounts.login(deps, body);
      await accountLimit.remember(req);
      return session(signedIn);
    },
    { config: { rateLimit: perAddressLimit(config) } },
  );
  route(app, a.logout, async ({ ctx }) => revokeSession(db, ctx.tokenId));
  route(app, a.user, async ({ ctx }) => presentUser(db, ctx.user, ctx.impersonatorId));
  route(app, a.updateProfile, async ({ ctx, body }) => {
    const user = await db
      .updateTable('users')
      .set({
        ...(body.name && { name: body.name }),
        ...(body.color && { data: JSON.stringify({ ...ctx.user.data, color: body.color }) }),
      })
      .where('id', '=', ctx.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentUser(db, user, ctx.impersonatorId);
  });
  route(app, a.verifyEmail, async ({ body }) => {
    await accounts.verifyEmail(deps, body.token);
    return { message: 'Your e-mail address is verified.' };
  });
  route(app, a.resendVerification, async ({ ctx }) => {
    if (!ctx.user.email_verified_at) await accounts.sendVerification(deps, ctx.user);
    return { message: 'A new verification link has been sent to your e-mail address.' };
  });
  route(app, a.forgotPassword, async ({ body }) => {
    await accounts.forgotPassword(deps, body.email);
    return { message: 'If an account exists for this address, a reset link is on its way.' };
  });
  route(app, a.resetPassword, async ({ body }) => {
    await accounts.resetPassword(deps, body.token, body.password);
    return { message: 'Your password has been reset. Please sign in.' };
  });
  route(app, a.installStatus, async () => ({ installed: await accounts.isInstalled(deps) }));
  route(app, a.install, async ({ body }) => session(await accounts.install(deps, body)));
  route(app, a.createHandoff, async ({ ctx }) => ({
    code: await accounts.createHandoff(deps, ctx.user.id, ctx.tokenId),
  }));
  route(app, a.redeemHandoff, async ({ body }) => ({ token: await accounts.redeemHandoff(deps, body.code) }));
}
