import type { Locator, Page } from 'playwright-core';

/** /upload: the V1 batch upload — drop zone, per-study list with body parts, Start, result box. */
export class UploadV1Page {
  readonly start: Locator;
  readonly emptyList: Locator;
  readonly result: Locator;
  readonly state: Locator;

  constructor(readonly page: Page) {
    this.start = page.getByRole('button', { name: 'Start upload files' });
    this.emptyList = page.getByText('Your list is empty');
    this.result = page.getByTestId('v1-result');
    this.state = page.getByTestId('v1-state');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/upload`);
    await this.emptyList.waitFor();
  }

  /** Sets the files on 'Browse files' (its hidden input). */
  async browse(paths: string[]): Promise<void> {
    await this.page.getByTestId('file-input').setInputFiles(paths);
  }

  archives(): Locator {
    return this.page.getByTestId('v1-archive');
  }

  studies(): Locator {
    return this.page.getByTestId('v1-study');
  }

  /** Waits until the files are read into `count` studies. */
  async waitForStudies(count: number): Promise<void> {
    await this.studies()
      .nth(count - 1)
      .waitFor({ timeout: 120_000 });
    await this.page.locator('[data-testid="upload-v1"][data-reading="false"]').waitFor({ timeout: 120_000 });
  }

  /** Chooses the body part of the study at `index` by its title. */
  async chooseBodyPart(index: number, title: string): Promise<void> {
    await this.studies().nth(index).getByRole('textbox', { name: 'Body part' }).click();
    await this.page.getByRole('option', { name: title, exact: true }).click();
  }

  async bodyPart(index: number): Promise<string> {
    return this.studies().nth(index).getByRole('textbox', { name: 'Body part' }).inputValue();
  }

  /** Picking the chosen body part again clears it (the select allows deselecting). */
  async clearBodyPart(index: number): Promise<void> {
    await this.chooseBodyPart(index, await this.bodyPart(index));
  }

  /** Opens the right slide-in of the first series of the study at `index`; answers its content. */
  async openSeriesDetails(index: number): Promise<Locator> {
    await this.studies().nth(index).getByRole('button', { name: 'Details' }).first().click();
    const drawer = this.page.getByTestId('v1-series-drawer');
    await drawer.waitFor();
    return drawer;
  }

  drawerPanel(): Locator {
    return this.page.locator('.mantine-Drawer-content');
  }

  async closeSeriesDetails(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('v1-series-drawer').waitFor({ state: 'detached' });
  }

  async resultTitle(): Promise<string> {
    await this.result.waitFor({ timeout: 600_000 });
    return (await this.result.locator('.mantine-Alert-title').textContent()) ?? '';
  }
}
