import type { Locator, Page } from 'playwright-core';

/** /admin/xr-workers: the add form with its one-time token, and a row per worker. */
export class XrWorkersPage {
  readonly token: Locator;

  constructor(readonly page: Page) {
    this.token = page.getByTestId('xr-worker-token');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/xr-workers`);
    await this.page.getByRole('heading', { name: 'XR workers' }).waitFor();
  }

  /** Adds a worker and answers the token the page shows once. */
  async add(name: string): Promise<string> {
    await this.page.getByLabel('New XR worker').fill(name);
    await this.page.getByRole('button', { name: 'Add XR worker' }).click();
    await this.token.waitFor();
    return this.token.innerText();
  }

  worker(name: string): Locator {
    return this.page.locator(`[data-testid="xr-worker"][data-name="${name}"]`);
  }

  async revoke(name: string): Promise<void> {
    await this.worker(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  }
}

/** /admin/xr-sessions: the form that opens a series on a worker, and a row per session. */
export class XrSessionsPage {
  constructor(readonly page: Page) {}

  async open(teamUrl: string, seriesUuid?: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/xr-sessions${seriesUuid ? `?series=${seriesUuid}` : ''}`);
    await this.page.getByRole('heading', { name: 'XR sessions' }).waitFor();
  }

  /** Opens the series in the form on `worker` (its option reads "name (state)"). */
  async openOn(worker: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'XR worker' }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${worker} \\(`) }).click();
    await this.page.getByRole('button', { name: 'Open on the worker' }).click();
  }

  get sessions(): Locator {
    return this.page.getByTestId('xr-session');
  }

  async end(worker: string): Promise<void> {
    await this.page.getByRole('button', { name: `End the session on ${worker}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
  }
}
