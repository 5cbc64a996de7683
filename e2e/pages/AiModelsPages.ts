import type { Locator, Page } from 'playwright-core';
import { field } from './field';

/** The AI model pages: the list (/ai2-model), the form (create and edit) and the detail. */
export class AiModelsPages {
  readonly table: Locator;
  readonly rows: Locator;
  readonly form: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('ai-models-table');
    this.rows = page.getByTestId('ai-model-row');
    this.form = page.getByTestId('ai-model-form');
    this.detail = page.getByTestId('ai-model-detail');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/ai2-model`);
    await this.table.waitFor();
  }

  async codes(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code') ?? ''));
  }

  row(code: string): Locator {
    return this.page.locator(`[data-testid="ai-model-row"][data-code="${code}"]`);
  }

  async fill(label: string, value: string): Promise<void> {
    await field(this.form, label).fill(value);
  }

  /** Picks the model's structure by searching its title. */
  async pickStructure(title: string): Promise<void> {
    await this.form.getByRole('textbox', { name: 'Structure of the model' }).fill(title);
    await this.page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: new RegExp(`^${title}$`) })
      .click();
  }

  /** Sets segment `n` (from 1), adding rows as needed. */
  async setSegment(n: number, value: number, title: string): Promise<void> {
    while ((await this.form.getByTestId('segment-draft').count()) < n)
      await this.form.getByRole('button', { name: 'Add segment' }).click();
    await this.form.getByRole('textbox', { name: `Value of segment ${n}` }).fill(String(value));
    await this.form.getByRole('textbox', { name: `Title of segment ${n}` }).fill(title);
  }

  async submit(label: 'Create model' | 'Save model'): Promise<void> {
    await this.form.getByRole('button', { name: label }).click();
  }

  /** Chooses the ONNX file on the edit page; the upload starts at once. */
  async uploadFile(path: string): Promise<void> {
    await this.page.getByTestId('model-file-upload').locator('input[type="file"]').setInputFiles(path);
  }

  fileInfo(): Locator {
    return this.page.getByTestId('ai-model-file');
  }

  async segmentTitles(): Promise<string[]> {
    return this.detail.getByTestId('ai-model-segment').locator('td:nth-child(2)').allInnerTexts();
  }

  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}
