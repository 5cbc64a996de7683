import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** /admin/masterarbeit: the research dataset export form and the exports table. */
export class MasterarbeitPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/masterarbeit`);
    await this.page.getByRole('heading', { name: 'Research datasets' }).waitFor();
  }

  private async choose(label: string, option: string | RegExp): Promise<void> {
    await this.page.getByRole('textbox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  chooseTeam = (team: string | RegExp) => this.choose('Team', team);
  chooseStructure = (structure: string | RegExp) => this.choose('Structure', structure);

  candidates(): Locator {
    return this.page.getByTestId('dataset-candidates').locator('tbody tr');
  }

  async include(row: Locator): Promise<void> {
    await row.getByRole('checkbox').check();
  }

  datasetName(): Locator {
    return this.page.getByRole('textbox', { name: 'Dataset name' });
  }

  async start(): Promise<void> {
    await this.page.getByRole('button', { name: 'Start export' }).click();
  }

  exportRow(folder: string): Locator {
    return this.page.getByTestId('dataset-exports').locator('tbody tr', { hasText: folder });
  }

  /** Waits until the export's state reads `state` (the list follows the socket, no reload). */
  async waitForState(folder: string, state: string, timeout = 120_000): Promise<void> {
    await this.exportRow(folder).getByTestId('export-state').filter({ hasText: state }).waitFor({ timeout });
  }

  async download(folder: string): Promise<{ name: string; bytes: Buffer }> {
    const started = this.page.waitForEvent('download');
    await this.exportRow(folder).getByRole('button', { name: 'Download' }).click();
    const download = await started;
    return { name: download.suggestedFilename(), bytes: readFileSync((await download.path()) ?? '') };
  }
}
