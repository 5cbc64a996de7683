import { describe, expect, it } from 'vitest';
import { InstallPage, LoginPage, RegisterPage, verifyThroughOutbox } from './pages/AuthPages';
import { CreateTeamPage } from './pages/CreateTeamPage';
import { DashboardPage } from './pages/DashboardPage';
import { ErrorPage } from './pages/ErrorPage';
import { InvitationsPage } from './pages/InvitationsPage';
import { Sidebar } from './pages/Sidebar';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * The flow, in order, on one fresh server: install, register and verify through the outbox,
 * create a team and land on its sub-domain, invite a second person who registers, accepts and sees the
 * team, switch team, sidebar links by permission, 404 page. Each step builds on the previous one.
 */
describe.skipIf(e2eSkipReason())('teams and account, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const admin = newCredentials('Ada Admin');
  const owner = newCredentials('Olga Owner');
  const invitee = newCredentials('Ivan Invitee');
  const acme = { title: 'Acme Imaging', slug: 'acme-imaging' };
  const beta = { title: 'Beta Lab', slug: 'beta-lab' };
  let adminPerson: Person;
  let ownerPerson: Person;
  let inviteePerson: Person;

  it('installs: the first administrator is created and signed in', async () => {
    adminPerson = await e2e.person();
    const { page } = adminPerson;
    const install = new InstallPage(page);
    await install.open(e2e.server.baseUrl);
    await install.install(admin);
    await page.waitForURL(`${e2e.server.baseUrl}/dashboard`);
    await new DashboardPage(page).waitUntilShown();
    await new Sidebar(page).waitUntilReady();

    // Installed: /install now sends everyone to /login.
    const other = await e2e.person();
    await other.page.goto(`${e2e.server.baseUrl}/install`);
    await other.page.waitForURL(`${e2e.server.baseUrl}/login`);
  });

  it('registers a person and verifies the address through the outbox', async () => {
    ownerPerson = await e2e.person();
    const { page } = ownerPerson;
    const register = new RegisterPage(page);
    await register.open(`${e2e.server.baseUrl}/register`);
    await register.register(owner);
    await register.verifyPrompt(owner.email).waitFor();

    // Unverified: the dashboard sends the person back to /verify.
    await page.goto(`${e2e.server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/verify');

    const link = await verifyThroughOutbox(e2e.server, page, owner.email);
    expect(link.startsWith(`${e2e.server.baseUrl}/verify?token=`)).toBe(true);
    // Verified, without a team yet: Get started.
    await page.waitForURL(`${e2e.server.baseUrl}/get-started`);
    await page.getByRole('heading', { name: 'Get started', level: 1 }).waitFor();
  });

  it('creates a team and lands on its sub-domain dashboard', async () => {
    const { page } = ownerPerson;
    await page.getByRole('link', { name: 'Create team' }).click();
    const create = new CreateTeamPage(page);
    await create.waitUntilShown();
    await create.create(acme.title, acme.slug);

    await page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await dashboard.teamCard(acme.title).waitFor();
    await screenshot(page, 'owner-team-dashboard');
    expect(await new Sidebar(page).userMenu.innerText()).toContain(acme.title);
  });

  it('asks for at least one member, then invites the second person', async () => {
    const { page } = ownerPerson;
    const invitations = new InvitationsPage(page);
    await invitations.open(e2e.server.teamUrl(acme.slug));
    expect(await invitations.rows.count()).toBe(3);

    await invitations.sendButton.click();
    await invitations.error.filter({ hasText: 'At least one member is required' }).waitFor();

    await invitations.email(1).fill(invitee.email);
    await invitations.email(2).fill(' ');
    await invitations.sendButton.click();
    await invitations.sent(invitee.email).waitFor();
    const cells = await invitations.sent(invitee.email).getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual([invitee.email, 'Member', 'Pending', owner.name]);
    await screenshot(page, 'owner-invitations');

    // The same address again: 'Duplicate email'.
    await invitations.email(1).fill(invitee.email);
    await invitations.sendButton.click();
    await invitations.error.filter({ hasText: 'Duplicate email' }).waitFor();
  });

  it('the invitee registers from the invitation mail, verifies, accepts and sees the team', async () => {
    const mail = await e2e.server.readOutbox(invitee.email, { subject: /invitation/i });
    const registerLink = /https?:\/\/\S+\/register\S*/.exec(mail.text)?.[0];
    expect(registerLink, mail.text).toBeDefined();

    inviteePerson = await e2e.person();
    const { page } = inviteePerson;
    const register = new RegisterPage(page);
    await register.open(registerLink as string);
    expect(await register.emailValue()).toBe(invitee.email);
    await register.register(invitee);
    await verifyThroughOutbox(e2e.server, page, invitee.email);

    const dashboard = new DashboardPage(page);
    await dashboard.open(e2e.server.baseUrl);
    await dashboard.invitation(acme.title).waitFor();
    await dashboard.noTeams.waitFor();
    await dashboard.accept(acme.title);
    await dashboard.teamCard(acme.title).waitFor();
    await dashboard.noInvitations.waitFor();

    await dashboard.openTeam(acme.title);
    await page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    await dashboard.waitUntilShown();
    await screenshot(page, 'invitee-team-dashboard');
  });

  it('switches team through the sidebar user menu', async () => {
    const { page } = ownerPerson;
    await page.goto(`${e2e.server.teamUrl(acme.slug)}/team/create`);
    const create = new CreateTeamPage(page);
    await create.waitUntilShown();
    await create.create(beta.title, beta.slug);
    await page.waitForURL(`${e2e.server.teamUrl(beta.slug)}/dashboard`);

    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    expect(await sidebar.userMenu.innerText()).toContain(beta.title);
    await sidebar.switchTeam(acme.title);
    await page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    await sidebar.waitUntilReady();
    expect(await sidebar.userMenu.innerText()).toContain(acme.title);
  });

  it('sends a person signed in on a team sub-domain that is not theirs to the base address', async () => {
    // The session lives per origin (docs/decisions/0003): sign in on Beta Lab's sub-domain itself.
    const stranger = await e2e.person();
    const login = new LoginPage(stranger.page);
    await login.open(e2e.server.teamUrl(beta.slug));
    await login.signIn(invitee);
    await stranger.page.waitForURL((url) => url.host === `localhost:${e2e.server.port}`);
  });

  it('shows the 404 page for an unknown path on a team sub-domain', async () => {
    const { page } = ownerPerson;
    await page.goto(`${e2e.server.teamUrl(acme.slug)}/no/such/page`);
    const errorPage = new ErrorPage(page);
    await errorPage.expectNotFound();
    await errorPage.backHome.click();
    await page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/`);
  });

  it('signs out and back in', async () => {
    const { page } = inviteePerson;
    await page.goto(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    const sidebar = new Sidebar(page);
    await sidebar.signOut();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    // The base address may still hold the revoked token: its first 401s send the page to /login (more
    // than one full navigation, so wait for the page, not for one navigation).
    await page.goto(`${e2e.server.baseUrl}/dashboard`);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(new URL(page.url()).pathname).toBe('/login');

    await login.signIn(invitee);
    // Back where the guard sent them from: the dashboard, with the accepted team.
    await page.waitForURL(`${e2e.server.baseUrl}/dashboard`);
    await new DashboardPage(page).teamCard(acme.title).waitFor();
  });

  it('shows sidebar links by permission: the Owner sees Team, a Member does not', async () => {
    // Last, so a failure here leaves the other steps running.
    const inviteeSidebar = new Sidebar(inviteePerson.page);
    await new DashboardPage(inviteePerson.page).openTeam(acme.title);
    await inviteePerson.page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    expect(await inviteeSidebar.linkNames()).toEqual([
      'Dashboard',
      'Upload',
      'Studies',
      'Structures',
      'Segmentations',
      'Reviews',
      'Transfer functions',
      'AI Models',
      'AI Trainings',
      'AI Infers',
      'Pipelines',
      'Flows',
    ]);

    // /members needs r:team: the Member is sent to the dashboard (spec 2.2).
    await inviteePerson.page.goto(`${e2e.server.teamUrl(acme.slug)}/members`);
    await inviteePerson.page.waitForURL(`${e2e.server.teamUrl(acme.slug)}/dashboard`);

    // The administrator holds every permission: the admin links show too.
    const adminSidebar = new Sidebar(adminPerson.page);
    await adminPerson.page.goto(`${e2e.server.baseUrl}/dashboard`);
    expect(await adminSidebar.linkNames()).toEqual(
      expect.arrayContaining(['Dashboard', 'Users', 'Invitations', 'Teams', 'Roles', 'Permissions']),
    );

    // The Owner holds every team permission but is no administrator: Team, the XR pages (decision 0062), Log
    // sessions and Audit trail (team pages, decisions 0059 and 0065), and no admin pages (their API answers 403
    // to a non-administrator).
    const ownerSidebar = new Sidebar(ownerPerson.page);
    await ownerPerson.page.goto(`${e2e.server.teamUrl(acme.slug)}/dashboard`);
    expect(await ownerSidebar.linkNames()).toEqual([
      'Dashboard',
      'Upload',
      'Studies',
      'Structures',
      'Segmentations',
      'Reviews',
      'Transfer functions',
      'AI Models',
      'AI Trainings',
      'AI Infers',
      'Team',
      'XR Sessions',
      'XR Workers',
      'Pipelines',
      'Flows',
      'API Users',
      'Log sessions',
      'Audit trail',
    ]);
  });
});
