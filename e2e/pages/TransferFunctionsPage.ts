import type { Locator, Page } from 'playwright-core';
import { field } from './field';

/** /transfer-functions: the list with its filters, and the slide-in form that creates and edits. */
export class TransferFunctionsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('transfer-functions-table');
    this.rows = page.getByTestId('transfer-function-row');
    this.panel = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Cancel' }) });
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/transfer-functions`);
    await this.table.waitFor();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="transfer-function-row"][data-name="${name}"]`);
  }

  async names(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
  }

  async kinds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind') ?? ''));
  }

  /** Opens the panel of a new one ('New window preset' or 'New colour map'). */
  async startNew(button: 'New window preset' | 'New colour map'): Promise<void> {
    await this.page.getByRole('button', { name: button }).click();
    await field(this.panel, 'Name').waitFor();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
    await field(this.panel, 'Name').waitFor();
  }

  async fill(label: string, value: string): Promise<void> {
    await field(this.panel, label).fill(value);
  }

  async setPointColour(point: number, hex: string): Promise<void> {
    const input = this.panel.getByRole('textbox', { name: `Colour of point ${point}` });
    await input.fill(hex);
    // Enter would submit the form, Escape close the panel: leave the field instead.
    await input.blur();
  }

  async addPoint(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Add point' }).click();
  }

  /** Saves the panel ('Create' or 'Save') and waits until it closes. */
  async save(button: 'Create' | 'Save'): Promise<void> {
    await this.panel.getByRole('button', { name: button, exact: true }).click();
    await this.panel.waitFor({ state: 'hidden' });
  }

  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    await this.page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  }

  /** The RGBA of one of a gradient preview's 256 entries, as drawn on its canvas. */
  async previewEntry(scope: Locator, entry: number): Promise<number[]> {
    return scope.getByTestId('gradient-preview').evaluate((canvas: HTMLCanvasElement, x) => {
      const data = canvas.getContext('2d')?.getImageData(x, 0, 1, 1).data;
      return data ? Array.from(data) : [];
    }, entry);
  }

  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}
