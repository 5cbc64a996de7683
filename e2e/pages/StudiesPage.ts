import type { Locator, Page } from 'playwright-core';

/** The studies list (/studies-v2). */
export class StudiesPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('studies-table');
    this.rows = page.getByTestId('study-row');
    this.total = page.getByTestId('studies-total');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/studies-v2`);
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

  favoriteToggle(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`(Add|Remove) ${name} (to|from) favourites`) });
  }
}
