import { sql } from 'kysely';
import { baseUrl } from '../../config';
import type { Deps } from '../../deps';
import { conflict, unauthorized, unprocessable } from '../../http/errors';
import type { UserRow } from '../../platform/db/schema';
import { hashPassword, verifyPassword } from '../../platform/secrets';
import { pickColor } from '../common/colors';
import { consumeOneTime, issueOneTime, issueToken, revokeAllTokensOf } from './sessions';
import { recordAudit } from '../audit/record';

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 48 * HOUR_MS;
export const RESET_TTL_MS = HOUR_MS;
export const HANDOFF_TTL_MS = 60_000;
const INVALID_LINK = 'This link is invalid or has expired.';

/** Compared against when the e-mail is unknown, so a login takes as long either way. */
const DUMMY_HASH = hashPassword('not-a-real-password');

export async function findUserByEmail({ db }: Pick<Deps, 'db'>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function createUser(
  deps: Pick<Deps, 'db'>,
  input: { name: string; email: string; password: string; isAdmin?: boolean; verified?: boolean },
): Promise<UserRow> {
  if (await findUserByEmail(deps, input.email))
    throw unprocessable('The email has already been taken.', {
      email: ['The email has already been taken.'],
    });
  return deps.db
    .insertInto('users')
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      data: JSON.stringify({ color: pickColor() }),
      is_admin: input.isAdmin ?? false,
      email_verified_at: input.verified ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function sendVerification(deps: Deps, user: UserRow): Promise<void> {
  const token = await issueOneTime(deps.db, user.id, 'verify', VERIFY_TTL_MS);
  const link = `${baseUrl(deps.config)}/verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Verify your e-mail address',
    text: `Hello ${user.name},\n\nPlease confirm your e-mail address for Voxa:\n${link}\n\nThe link is valid for 48 hours.`,
  });
}

export async function register(deps: Deps, input: { name: string; email: string; password: string }) {
  const user = await createUser(deps, input);
  await sendVerification(deps, user);
  const { token } = await issueToken(deps.db, user.id, { ttlDays: deps.config.TOKEN_TTL_DAYS });
  return { user, token };
}

export async function login(deps: Deps, input: { email: string; password: string }) {
  const user = await findUserByEmail(deps, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH));
  if (!user || !ok)
    throw unprocessable('These credentials do not match our records.', {
      email: ['These credentials do not match our records.'],
    });
  const { token } = await issueToken(deps.db, user.id, { ttlDays: deps.config.TOKEN_TTL_DAYS });
  return { user, token };
}

export async function verifyEmail(deps: Deps, token: string): Promise<void> {
  const used = await consumeOneTime(deps.db, 'verify', token);
  if (!used) throw unprocessable(INVALID_LINK, { token: [INVALID_LINK] });
  await deps.db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
    .where('id', '=', used.user_id)
    .execute();
}

export async function forgotPassword(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const token = await issueOneTime(deps.db, user.id, 'reset', RESET_TTL_MS);
  const link = `${baseUrl(deps.config)}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.name},\n\nA password reset was asked for your Voxa account:\n${link}\n\nThe link is valid for one hour. If you did not ask for it, ignore this e-mail.`,
  });
}

export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const used = await consumeOneTime(deps.db, 'reset', token);
  if (!used) throw unprocessable(INVALID_LINK, { token: [INVALID_LINK] });
  await deps.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
    })
    .where('id', '=', used.user_id)
    .execute();
  await revokeAllTokensOf(deps.db, used.user_id);
}

export async function isInstalled({ db }: Pick<Deps, 'db'>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Creates the first administrator. The operator installing Voxa is trusted with their own address. */
export async function install(deps: Deps, input: { name: string; email: string; password: string }) {
  if (await isInstalled(deps)) throw conflict('Voxa is already installed.');
  const user = await createUser(deps, { ...input, isAdmin: true, verified: true });
  const ctx = { user, team: null, tokenId: null, apiUserId: null, impersonatorId: null };
  await recordAudit(deps.db, { ctx }, { action: 'install', subject: 'user', id: user.id, label: user.email });
  const { token } = await issueToken(deps.db, user.id, { ttlDays: deps.config.TOKEN_TTL_DAYS });
  return { user, token };
}

export async function createHandoff(deps: Deps, userId: number, tokenId: number): Promise<string> {
  return issueOneTime(deps.db, userId, 'handoff', HANDOFF_TTL_MS, tokenId);
}

/** A handoff code becomes a token of the same session, as long as that session is still alive. */
export async function redeemHandoff(deps: Deps, code: string): Promise<string> {
  const used = await consumeOneTime(deps.db, 'handoff', code);
  const source = used?.auth_token_id
    ? await deps.db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('id', '=', used.auth_token_id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst()
    : undefined;
  if (!source) throw unauthorized(INVALID_LINK);
  const { token } = await issueToken(deps.db, source.user_id, {
    ttlDays: deps.config.TOKEN_TTL_DAYS,
    sessionId: source.session_id,
    impersonatorId: source.impersonator_id,
    expiresAt: source.expires_at,
  });
  return token;
}
