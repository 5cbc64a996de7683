import type { Locator, Page } from 'playwright-core';

/** /admin/ai-workers: the add form with its one-time token, and a card per worker with its jobs. */
export class AiWorkersPage {
  readonly token: Locator;

  constructor(readonly page: Page) {
    this.token = page.getByTestId('worker-token');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/ai-workers`);
    await this.page.getByRole('heading', { name: 'AI workers' }).waitFor();
  }

  /** Adds a worker and answers the token the page shows once. */
  async add(name: string): Promise<string> {
    await this.page.getByLabel('New worker').fill(name);
    await this.page.getByRole('button', { name: 'Add worker' }).click();
    await this.token.waitFor();
    return this.token.innerText();
  }

  worker(name: string): Locator {
    return this.page.locator(`[data-testid="ai-worker"][data-name="${name}"]`);
  }

  revokeButton(name: string): Locator {
    return this.worker(name).getByRole('button', { name: `Revoke ${name}` });
  }

  async revoke(name: string): Promise<void> {
    await this.revokeButton(name).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  }
}
