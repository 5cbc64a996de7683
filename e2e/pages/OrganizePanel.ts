import type { Locator, Page } from 'playwright-core';

/** /serie/organize/{uuid}: the study card, and its series grouped by acquisition code. */
export class OrganizePanel {
  readonly study: Locator;
  /** The study's shown (patient) name. */
  readonly name: Locator;

  constructor(readonly page: Page) {
    this.study = page.getByTestId('organize-study');
    this.name = page.getByTestId('organize-name');
  }

  async waitUntilShown(): Promise<void> {
    await this.study.waitFor();
  }

  group(code: string): Locator {
    return this.page.getByRole('region', { name: `Acquisition ${code}`, exact: true });
  }

  /** Series names of a group, in the order shown. */
  async order(code: string): Promise<string[]> {
    return this.group(code).getByTestId('organize-series-name').allInnerTexts();
  }

  series(name: string): Locator {
    return this.page.getByTestId('organize-series').filter({
      has: this.page.getByTestId('organize-series-name').getByText(name, { exact: true }),
    });
  }

  /** Names of the series marked as the reference (at most one). */
  async references(): Promise<string[]> {
    return this.page
      .locator('[data-testid="organize-series"][data-reference="true"]')
      .getByTestId('organize-series-name')
      .allInnerTexts();
  }

  reference(name: string): Locator {
    return this.series(name).getByRole('button', { name: 'Reference', exact: true });
  }

  down(name: string): Locator {
    return this.page.getByRole('button', { name: `Move ${name} down`, exact: true });
  }

  up(name: string): Locator {
    return this.page.getByRole('button', { name: `Move ${name} up`, exact: true });
  }
}
