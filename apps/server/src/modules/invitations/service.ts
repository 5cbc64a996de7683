import { MESSAGES, type InviteRow } from '@voxa/contracts';
import { baseUrl } from '../../config';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';
import { bumpPermissionVersion } from '../permissions/service';
import { listRoles } from '../roles/service';
import { assertInvitable, filledRows, rowErrors } from './policy';
import { listInvitations } from './present';

const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

/** Roles an invitation may give: least privileged first, so Owner comes last. */
export async function roleOptions(db: Db, teamId: number) {
  return (await listRoles(db, teamId)).map((r) => ({ id: r.id, name: r.name }));
}

/** E-mails (lower case) of the team's members and of its pending invitations. */
async function takenEmails(db: Db, teamId: number, emails: string[]): Promise<Set<string>> {
  const [members, pending] = await Promise.all([
    db
      .selectFrom('team_users')
      .innerJoin('users', 'users.id', 'team_users.user_id')
      .select((eb) => eb.fn<string>('lower', ['users.email']).as('email'))
      .where('team_users.team_id', '=', teamId)
      .where((eb) => eb(eb.fn('lower', ['users.email']), 'in', emails))
      .execute(),
    db
      .selectFrom('invitations')
      .select((eb) => eb.fn<string>('lower', ['email']).as('email'))
      .where('team_id', '=', teamId)
      .where('status', '=', 'pending')
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute(),
  ]);
  return new Set([...members, ...pending].map((r) => r.email));
}

/** Invites people to the request's team and e-mails each of them a link. */
export async function invite(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  ctx: Pick<TeamContext, 'team' | 'user'>,
  input: { emails: InviteRow[]; team_id: number },
) {
  if (input.team_id !== ctx.team.id) throw notFound('Team not found.');
  const rows = filledRows(input.emails);
  const emails = rows.map((r) => r.email);
  const [roles, taken] = await Promise.all([
    deps.db.selectFrom('roles').select('id').where('team_id', '=', ctx.team.id).execute(),
    takenEmails(deps.db, ctx.team.id, emails),
  ]);
  assertInvitable(rows, new Set(roles.map((r) => r.id)), taken);
  let created: { id: number }[];
  try {
    created = await deps.db
      .insertInto('invitations')
      .values(
        rows.map((r) => ({
          team_id: ctx.team.id,
          email: r.email,
          role_id: r.role_id,
          invited_by: ctx.user.id,
        })),
      )
      .returning('id')
      .execute();
  } catch (e) {
    // Another request invited the same address in between: the pending-invitation index refuses it.
    if (isUniqueViolation(e))
      throw unprocessable(MESSAGES.duplicateEmail, rowErrors(rows, 'email', MESSAGES.duplicateEmail));
    throw e;
  }
  await mailInvitees(deps, ctx, emails);
  return listInvitations(deps.db, { ids: created.map((c) => c.id) });
}

async function mailInvitees(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  ctx: Pick<TeamContext, 'team' | 'user'>,
  emails: string[],
): Promise<void> {
  const existing = new Set(
    (
      await deps.db
        .selectFrom('users')
        .select((eb) => eb.fn<string>('lower', ['email']).as('email'))
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
        .execute()
    ).map((u) => u.email),
  );
  const base = baseUrl(deps.config);
  // The invitations are stored and listed whatever the mail server says; a failed send is logged.
  const sent = await Promise.allSettled(
    emails.map((email) => {
      const link = existing.has(email)
        ? `${base}/dashboard`
        : `${base}/register?email=${encodeURIComponent(email)}`;
      return deps.mailer.send({
        to: email,
        subject: `Invitation to ${ctx.team.title} on Voxa`,
        text: `Hello,\n\n${ctx.user.name} invites you to join the team ${ctx.team.title} on Voxa.\n${link}\n\nAccept or decline the invitation on your dashboard.`,
      });
    }),
  );
  sent.forEach((result, i) => {
    if (result.status === 'rejected')
      deps.log.error({ err: result.reason, to: emails[i] }, 'invitation mail failed');
  });
}

/** Accepts or declines an invitation addressed to the user; accepting takes a verified e-mail. */
export async function answer(
  deps: Pick<Deps, 'db' | 'realtime'>,
  user: UserRow,
  input: { id: number; status: 'accept' | 'decline' },
): Promise<void> {
  const invitation = await deps.db
    .selectFrom('invitations')
    .selectAll()
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', user.email.toLowerCase()))
    .executeTakeFirst();
  if (!invitation) throw notFound('Invitation not found.');
  if (!user.email_verified_at) throw forbidden(MESSAGES.verifyFirst);
  const joined = await deps.db.transaction().execute(async (trx) => {
    const answered = await trx
      .updateTable('invitations')
      .set({ status: input.status, answered_at: new Date() })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    if (answered.length === 0) throw notFound('Invitation not found.'); // answered meanwhile
    if (input.status === 'decline') return false;
    // Someone already in the team keeps their role; the invitation is only marked accepted.
    const inserted = await trx
      .insertInto('team_users')
      .values({ team_id: invitation.team_id, user_id: user.id, role_id: invitation.role_id })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    await trx
      .updateTable('users')
      .set({ preferred_team_id: invitation.team_id })
      .where('id', '=', user.id)
      .where('preferred_team_id', 'is', null)
      .execute();
    return inserted.length > 0;
  });
  if (joined) await bumpPermissionVersion(deps, [user.id]);
}

export const NOT_PENDING = 'Only a pending invitation can be withdrawn.';

/** Withdraws a pending invitation of the team (404 for another team's). */
export async function revoke(db: Db, teamId: number, id: number): Promise<void> {
  const invitation = await db
    .selectFrom('invitations')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!invitation) throw notFound('Invitation not found.');
  if (invitation.status !== 'pending') throw unprocessable(NOT_PENDING, { id: [NOT_PENDING] });
  await db.deleteFrom('invitations').where('id', '=', id).execute();
}
