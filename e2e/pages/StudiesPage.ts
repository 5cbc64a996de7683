import type { Locator, Page } from 'playwright-core';

/** /studies-v2: the studies table, its filters, and each row's labels, heart and Organize link. */
export class StudiesPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly total: Locator;
  /** The header's reload button, shown on this page only. */
  readonly reload: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('studies-table');
    this.rows = page.getByTestId('study-row');
    this.total = page.getByTestId('studies-total');
    this.reload = page.getByRole('button', { name: 'Reload studies' });
  }

  async open(teamUrl: string, search = ''): Promise<void> {
    await this.page.goto(`${teamUrl}/studies-v2${search}`);
    await this.table.waitFor();
  }

  async patientNames(): Promise<string[]> {
    return this.page.getByTestId('study-patient-name').allInnerTexts();
  }

  /** Waits until the first row shows this patient (a page or a filter has loaded). */
  async firstRowIs(name: string): Promise<void> {
    await this.page
      .getByTestId('study-patient-name')
      .first()
      .filter({ hasText: new RegExp(`^${name}$`) })
      .waitFor();
  }

  pageButton(n: number): Locator {
    return this.page.getByRole('button', { name: String(n), exact: true });
  }

  row(uuid: string): Locator {
    return this.table.locator(`[data-study-uuid="${uuid}"]`);
  }

  /** The heart of a row (aria-pressed while a favourite). */
  heart(row: Locator): Locator {
    return row.getByRole('button', { name: 'Favorite' });
  }

  /** The heart of the row showing this patient. */
  favoriteToggle(name: string): Locator {
    return this.heart(
      this.rows.filter({
        has: this.page.getByTestId('study-patient-name').getByText(name, { exact: true }),
      }),
    );
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

  /** The header's 'Favorite studies' dropdown, opened: its item names. */
  async favouriteNames(): Promise<string[]> {
    await this.page.getByRole('button', { name: 'Favorite studies' }).click();
    const menu = this.page.getByTestId('favourites-menu');
    const items = menu.getByTestId('favourite-item').getByRole('link');
    // The menu asks for the names when it opens: wait for its answer, not its loader.
    await items.or(menu.getByText('No items')).first().waitFor();
    const names = (await items.allInnerTexts()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    return names;
  }
}
