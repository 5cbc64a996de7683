import type { Locator, Page } from 'playwright-core';

/** /dashboard: the user's teams (cards) and pending invitations (Accept / Decline). */
export class DashboardPage {
  readonly heading: Locator;
  readonly noTeams: Locator;
  readonly noInvitations: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    this.noTeams = page.getByTestId('no-teams');
    this.noInvitations = page.getByTestId('no-invitations');
  }

  async open(origin: string): Promise<void> {
    await this.page.goto(`${origin}/dashboard`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
    await this.page.getByRole('heading', { name: 'Your teams' }).waitFor();
  }

  teamCard(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  invitation(teamTitle: string): Locator {
    return this.page.getByTestId(/^invitation-\d+$/).filter({ hasText: teamTitle });
  }

  async accept(teamTitle: string): Promise<void> {
    await this.invitation(teamTitle).getByRole('button', { name: 'Accept' }).click();
  }

  /** Opens a team from its card; the app moves to /dashboard on the team's sub-domain. */
  async openTeam(title: string): Promise<void> {
    await this.teamCard(title)
      .getByRole('button', { name: `Open ${title}` })
      .click();
  }
}
