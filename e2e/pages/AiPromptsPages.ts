import type { Locator, Page } from 'playwright-core';
import { field } from './field';

/** The AI prompt pages: the list (/ai-prompt), a prompt with its versions and test box, and the form. */
export class AiPromptsPages {
  readonly table: Locator;
  readonly detail: Locator;
  readonly versions: Locator;
  readonly testBox: Locator;
  readonly testResult: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('ai-prompts-table');
    this.detail = page.getByTestId('ai-prompt-detail');
    this.versions = page.getByTestId('ai-prompt-version');
    this.testBox = page.getByTestId('ai-prompt-test-box');
    this.testResult = page.getByTestId('ai-prompt-test-result');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/ai-prompt`);
    await this.table.waitFor();
  }

  row(modality: string): Locator {
    return this.page.locator(`[data-testid="ai-prompt-row"][data-modality="${modality}"]`);
  }

  /** 'v2' as the list shows it. */
  async listedActiveVersion(modality: string): Promise<string> {
    return (await this.row(modality).getByTestId('ai-prompt-active').innerText()).trim();
  }

  async openPrompt(modality: string): Promise<void> {
    await this.row(modality).getByRole('link', { name: modality, exact: true }).click();
    await this.detail.waitFor();
  }

  async activeVersion(): Promise<string> {
    return (await this.page.getByTestId('ai-prompt-active-version').innerText()).trim();
  }

  /** The versions shown, newest first, as 'v2 active' or 'v1'. */
  async versionList(): Promise<string[]> {
    return this.versions.evaluateAll((cards) =>
      cards.map(
        (c) =>
          `v${c.getAttribute('data-version')}${c.getAttribute('data-active') === 'true' ? ' active' : ''}`,
      ),
    );
  }

  version(n: number): Locator {
    return this.page.locator(`[data-testid="ai-prompt-version"][data-version="${n}"]`);
  }

  async activate(n: number): Promise<void> {
    await this.version(n).getByRole('button', { name: 'Activate' }).click();
    await this.page
      .locator(`[data-testid="ai-prompt-version"][data-version="${n}"][data-active="true"]`)
      .waitFor();
  }

  async edit(): Promise<void> {
    await this.detail.getByRole('link', { name: 'Edit prompt' }).click();
    await field(this.page, 'System message').waitFor();
  }

  async fillTexts(texts: { system: string; user: string }): Promise<void> {
    await field(this.page, 'System message').fill(texts.system);
    await field(this.page, 'User message').fill(texts.user);
  }

  /** From the list: 'New prompt', the modality, the texts, 'Create prompt'; lands on the new prompt. */
  async create(modality: string, texts: { system: string; user: string }): Promise<void> {
    await this.page.getByRole('link', { name: 'New prompt' }).click();
    await this.page.getByRole('textbox', { name: 'Modality' }).click();
    await this.page.getByRole('option', { name: modality, exact: true }).click();
    await this.fillTexts(texts);
    await this.page.getByRole('button', { name: 'Create prompt' }).click();
    await this.page.locator(`[data-testid="ai-prompt-detail"][data-modality="${modality}"]`).waitFor();
  }

  async saveVersion(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save as new version' }).click();
  }

  /** Searches the team's stored series in the test box and picks the first one whose label holds `text`. */
  async pickSeries(search: string, text: string): Promise<void> {
    await this.testBox.getByRole('searchbox', { name: 'Find a stored series' }).fill(search);
    const select = this.testBox.getByRole('textbox', { name: 'Series' });
    const option = this.page.getByRole('option').filter({ hasText: text }).first();
    // The list follows the search once the typing pauses: open it until the series is offered.
    for (let tries = 0; tries < 20 && !(await option.isVisible()); tries++) {
      await select.click();
      await option.waitFor({ timeout: 500 }).catch(() => undefined);
    }
    await option.click();
  }

  async run(): Promise<void> {
    await this.testBox.getByRole('button', { name: 'Run prompt' }).click();
    await this.testResult.waitFor();
  }

  async sentMessage(role: 'system' | 'user'): Promise<string> {
    return this.testResult.getByTestId(`ai-prompt-test-${role}`).innerText();
  }

  async rawAnswer(): Promise<string> {
    return this.testResult.getByTestId('ai-prompt-test-raw').innerText();
  }

  async answeredCodes(): Promise<string[]> {
    return (await this.testResult.getByTestId('ai-prompt-test-code').allInnerTexts()).map((t) => t.trim());
  }
}
