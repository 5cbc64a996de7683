import type { Locator, Page } from 'playwright-core';

/** /studies-v2: the studies table, its filters, and each row's labels, heart and Organize link. */
export class StudiesListPage {
  readonly table: Locator;
  readonly reload: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('studies-table');
    this.reload = page.getByRole('button', { name: 'Reload studies' });
  }

  async open(teamUrl: string, search = ''): Promise<void> {
    await this.page.goto(`${teamUrl}/studies-v2${search}`);
    await this.table.waitFor();
  }

  rows(): Locator {
    return this.table.getByTestId('study-row');
  }

  row(uuid: string): Locator {
    return this.table.locator(`[data-study-uuid="${uuid}"]`);
  }

  async patientNames(): Promise<string[]> {
    return this.table.getByTestId('study-patient').allInnerTexts();
  }

  labelSearch(row: Locator): Locator {
    return row.getByLabel('Search labels');
  }

  /** The label pills of a row, by name. */
  async labelNames(row: Locator): Promise<string[]> {
    return (await row.getByTestId('label-pill').allInnerTexts()).map((t) => t.trim());
  }

  pill(row: Locator, name: string): Locator {
    return row.getByTestId('label-pill').filter({ hasText: name });
  }

  /** The options of the open label dropdown. */
  options(): Locator {
    return this.page.getByRole('option');
  }

  heart(row: Locator): Locator {
    return row.getByRole('button', { name: 'Favorite' });
  }

  /** The header's 'Favorite studies' dropdown, opened: its item names. */
  async favouriteNames(): Promise<string[]> {
    await this.page.getByRole('button', { name: 'Favorite studies' }).click();
    const menu = this.page.getByTestId('favourites-menu');
    await menu.waitFor();
    const names = (await menu.getByTestId('favourite-item').getByRole('link').allInnerTexts()).map((t) =>
      t.trim(),
    );
    await this.page.keyboard.press('Escape');
    return names;
  }
}
