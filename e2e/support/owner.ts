import { InstallPage, LoginPage, RegisterPage, verifyThroughOutbox } from '../pages/AuthPages';
import { CreateTeamPage } from '../pages/CreateTeamPage';
import { DashboardPage } from '../pages/DashboardPage';
import type { Person } from './browser';
import type { Credentials } from './people';
import { SEEDED_OWNER, SEEDED_TEAM } from './seeded';
import type { E2eEnv } from './suite';

interface TeamToCreate {
  title: string;
  slug: string;
}

/** The signed-in person creates `team` and lands on its sub-domain dashboard as its Owner. */
async function createTeam(e2e: E2eEnv, person: Person, team: TeamToCreate): Promise<Person> {
  const { page } = person;
  await page.goto(`${e2e.server.baseUrl}/team/create`);
  const create = new CreateTeamPage(page);
  await create.waitUntilShown();
  await create.create(team.title, team.slug);
  await page.waitForURL(`${e2e.server.teamUrl(team.slug)}/dashboard`);
  return person;
}

/**
 * The first person of a fresh server: installs as administrator, creates `team` and lands on its
 * sub-domain dashboard as its Owner.
 */
export async function ownerOfNewTeam(e2e: E2eEnv, owner: Credentials, team: TeamToCreate): Promise<Person> {
  const person = await e2e.person();
  const { page } = person;
  const install = new InstallPage(page);
  await install.open(e2e.server.baseUrl);
  await install.install(owner);
  await page.waitForURL(`${e2e.server.baseUrl}/dashboard`);
  await new DashboardPage(page).waitUntilShown();
  return createTeam(e2e, person, team);
}

/**
 * A person of a server already installed: registers, verifies their address and creates `team`, landing
 * on its sub-domain dashboard as its Owner (another team's member, to be refused a case or a run).
 */
export async function registeredOwnerOfNewTeam(
  e2e: E2eEnv,
  owner: Credentials,
  team: TeamToCreate,
): Promise<Person> {
  const person = await e2e.person();
  const { page } = person;
  const register = new RegisterPage(page);
  await register.open(`${e2e.server.baseUrl}/register`);
  await register.register(owner);
  await verifyThroughOutbox(e2e.server, page, owner.email);
  return createTeam(e2e, person, team);
}

/**
 * The seeded administrator (a story set up with `seeded: true`): signs in through the login page and,
 * a member of one team only, lands on its sub-domain dashboard as its Owner.
 */
export async function seededOwner(e2e: E2eEnv): Promise<Person> {
  const person = await e2e.person();
  const { page } = person;
  const login = new LoginPage(page);
  await login.open(e2e.server.baseUrl);
  await login.signIn(SEEDED_OWNER);
  await page.waitForURL(`${e2e.server.teamUrl(SEEDED_TEAM.slug)}/dashboard`);
  return person;
}
