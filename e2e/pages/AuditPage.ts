import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** /admin/audit: the audit trail's filters, table and downloads. */
export class AuditPage {
  readonly heading: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Audit trail' });
    this.rows = page.getByTestId('audit-row');
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
  }

  /** Fills the given filters and applies them; the address then carries them. */
  async filter(by: { user?: string; study?: string; action?: string; team?: string }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Audit filters' });
    if (by.team !== undefined)
      await form.getByRole('combobox', { name: 'Team' }).selectOption({ label: by.team });
    if (by.user !== undefined) await form.getByRole('textbox', { name: 'User' }).fill(by.user);
    if (by.study !== undefined) await form.getByRole('textbox', { name: 'Study id' }).fill(by.study);
    if (by.action !== undefined) await form.getByRole('combobox', { name: 'Action' }).selectOption(by.action);
    await form.getByRole('button', { name: 'Filter' }).click();
  }

  /** The cells of each row shown, by column heading. */
  async records(): Promise<Record<string, string>[]> {
    const headings = (await this.page.getByTestId('audit-table').locator('th').allInnerTexts()).map((h) =>
      h.trim(),
    );
    const rows = await this.rows.all();
    return Promise.all(
      rows.map(async (row) => {
        const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
        return Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? '']));
      }),
    );
  }

  /** Clicks a download button and answers the file's name and text. */
  async download(button: 'Download CSV' | 'Download FHIR'): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: button }).click();
    const file = await started;
    return { name: file.suggestedFilename(), text: readFileSync((await file.path()) ?? '', 'utf8') };
  }
}
