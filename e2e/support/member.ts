import { RegisterPage, verifyThroughOutbox } from '../pages/AuthPages';
import { DashboardPage } from '../pages/DashboardPage';
import { InvitationsPage } from '../pages/InvitationsPage';
import type { Person } from './browser';
import type { Credentials } from './people';
import type { E2eEnv } from './suite';

/**
 * A second person in `team` with `role`: the Owner invites them, they register from the mail, verify,
 * accept and land on the team's dashboard.
 */
export async function memberOfTeam(
  e2e: E2eEnv,
  owner: Person,
  team: { title: string; slug: string },
  member: Credentials,
  role: string,
): Promise<Person> {
  const teamUrl = e2e.server.teamUrl(team.slug);
  const invitations = new InvitationsPage(owner.page);
  await invitations.open(teamUrl);
  await invitations.email(1).fill(member.email);
  await invitations.form.getByRole('textbox', { name: 'Role 1' }).click();
  await owner.page.getByRole('option', { name: role, exact: true }).click();
  await invitations.sendButton.click();
  await invitations.sent(member.email).waitFor();

  const mail = await e2e.server.readOutbox(member.email, { subject: /invitation/i });
  const registerLink = /https?:\/\/\S+\/register\S*/.exec(mail.text)?.[0];
  if (!registerLink) throw new Error(`no register link in:\n${mail.text}`);
  const person = await e2e.person();
  const register = new RegisterPage(person.page);
  await register.open(registerLink);
  await register.register(member);
  await verifyThroughOutbox(e2e.server, person.page, member.email);
  const dashboard = new DashboardPage(person.page);
  await dashboard.open(e2e.server.baseUrl);
  await dashboard.accept(team.title);
  await dashboard.openTeam(team.title);
  await person.page.waitForURL(`${teamUrl}/dashboard`);
  return person;
}
