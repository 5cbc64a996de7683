import type { Locator, Page } from 'playwright-core';

type Side = 'left' | 'right';

/** The file commander (/admin/commander): two panes, a toolbar, the progress of the last operation. */
export class CommanderPage {
  readonly commander: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.commander = page.getByTestId('commander');
    this.progress = page.getByTestId('commander-progress');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/commander`);
    await this.row('left', 'import').waitFor();
  }

  pane(side: Side): Locator {
    return this.page.getByTestId(`commander-pane-${side}`);
  }

  row(side: Side, name: string): Locator {
    return this.pane(side).locator(`tr[data-name="${name}"]`);
  }

  async names(side: Side): Promise<string[]> {
    return this.pane(side)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
  }

  /** Puts the cursor on a row of a pane (which becomes the active one). */
  async point(side: Side, name: string): Promise<void> {
    await this.row(side, name).click();
    await this.pane(side).locator(`tr[data-name="${name}"][data-cursor="true"]`).waitFor();
  }

  /** Opens folders one after the other with Enter, as the keyboard does. */
  async openPath(side: Side, names: string[]): Promise<void> {
    for (const name of names) {
      await this.point(side, name);
      const dir = await this.pane(side).getAttribute('data-dir');
      await this.commander.press('Enter');
      await this.page.waitForFunction(
        ([s, d]) =>
          document.querySelector(`[data-testid="commander-pane-${s}"]`)?.getAttribute('data-dir') !== d,
        [side, dir] as const,
      );
      // The new folder's listing is there once its rows are (the loader shows none).
      await this.pane(side).locator('tbody tr').first().waitFor();
    }
  }

  async press(key: string): Promise<void> {
    await this.commander.press(key);
  }

  async toolbar(name: 'Zip' | 'Unzip' | 'Import'): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  /** Answers the next prompt or confirmation with `answer` (the prompt's default when omitted). */
  acceptNextDialog(answer?: string): void {
    this.page.once('dialog', (dialog) => void dialog.accept(answer ?? dialog.defaultValue()));
  }

  /** The uuids of the studies the last import stored. */
  async importedStudies(): Promise<string[]> {
    const result = this.page.getByTestId('commander-import');
    await result.waitFor();
    return ((await result.getAttribute('data-studies')) ?? '').split(',').filter(Boolean);
  }

  async progressText(): Promise<string> {
    return (await this.page.getByTestId('commander-progress-bytes').innerText()).trim();
  }

  async waitForDone(): Promise<void> {
    await this.page.locator('[data-testid="commander-progress"][data-done="true"]').waitFor();
  }
}
