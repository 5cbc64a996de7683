import type { Locator, Page } from 'playwright-core';

/** /structures and its children (create, detail/:detail?), and /admin/structures-x: a list with filters. */
export class StructuresPages {
  readonly table: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly search: Locator;
  readonly category: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId(/^(admin-)?structures-table$/);
    this.rows = page.getByTestId('structure-row');
    this.empty = page.getByTestId('structures-empty');
    this.search = page.getByRole('searchbox', { name: 'Search' });
    this.category = page.getByRole('textbox', { name: 'Category' });
    this.detail = page.getByTestId('structure-detail');
  }

  async open(teamUrl: string, path = '/structures'): Promise<void> {
    await this.page.goto(`${teamUrl}${path}`);
    await this.table.or(this.empty).waitFor();
  }

  /** Types a search and waits until the address carries it (the list then loads for it). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.page.waitForURL((url) => url.searchParams.get('search') === text);
  }

  async pickCategory(title: string): Promise<void> {
    await this.category.click();
    await this.page.getByRole('option', { name: title, exact: true }).click();
    await this.page.waitForURL((url) => url.searchParams.has('category'));
  }

  async slugs(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-slug') ?? ''));
  }

  row(slug: string): Locator {
    return this.page.locator(`[data-testid="structure-row"][data-slug="${slug}"]`);
  }

  /** Fills the structure form (create page or modal): title and category. */
  async fillForm(title: string, category: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Title' }).fill(title);
    await this.page.getByRole('textbox', { name: 'Category' }).last().click();
    await this.page.getByRole('option', { name: category, exact: true }).click();
  }
}
