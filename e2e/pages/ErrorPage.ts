import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The spec's error page: 'This page could not be found' with 'Back to the home page'. */
export class ErrorPage {
  readonly message: Locator;
  readonly backHome: Locator;

  constructor(readonly page: Page) {
    this.message = page.getByRole('alert').filter({ hasText: 'This page could not be found' });
    this.backHome = page.getByRole('link', { name: 'Back to the home page' });
  }

  async expectNotFound(): Promise<void> {
    await this.message.waitFor();
    await this.backHome.waitFor();
    expect(await this.message.textContent()).toBe('This page could not be found');
  }
}
