import type { Locator, Page } from 'playwright-core';

/** /team/invitations on a team sub-domain: rows of e-mail and role, and the sent invitations. */
export class InvitationsPage {
  readonly form: Locator;
  readonly rows: Locator;
  readonly error: Locator;
  readonly sendButton: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Invite members' });
    this.rows = page.getByTestId('invitation-row');
    this.error = this.form.getByRole('alert');
    this.sendButton = this.form.getByRole('button', { name: 'Send invitations' });
  }

  async open(teamOrigin: string): Promise<void> {
    await this.page.goto(`${teamOrigin}/team/invitations`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();
    await this.form.waitFor();
  }

  email(row: number): Locator {
    return this.form.getByLabel(`E-mail ${row}`, { exact: true });
  }

  /** A row of the "Sent invitations" list. */
  sent(email: string): Locator {
    return this.page
      .getByRole('region', { name: 'Sent invitations' })
      .getByRole('row')
      .filter({ hasText: email });
  }
}
