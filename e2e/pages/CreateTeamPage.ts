import { field } from './field';
import type { Page } from 'playwright-core';

/** /team/create: a title and an address (slug); creation moves to the team's sub-domain. */
export class CreateTeamPage {
  constructor(readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Create team', level: 1 }).waitFor();
  }

  async create(title: string, slug: string): Promise<void> {
    await field(this.page, 'Team name').fill(title);
    await field(this.page, 'Address').fill(slug);
    await this.page.getByRole('status').filter({ hasText: 'This address is available.' }).waitFor();
    await this.page.getByRole('button', { name: 'Create team' }).click();
  }
}
