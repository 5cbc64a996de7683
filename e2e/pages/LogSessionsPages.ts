import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** /admin/log (sessions), /admin/log/table (events) and /admin/log/detail/:id (a session's timeline). */
export class LogSessionsPages {
  constructor(readonly page: Page) {}

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/log`);
    await this.page.getByRole('heading', { name: 'Log sessions' }).waitFor();
  }

  /** Fills the user filter and applies it. */
  async filterByUser(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'User' }).fill(text);
    await this.page.getByRole('button', { name: 'Filter' }).click();
    await this.page.waitForURL(/[?&]user=/);
  }

  sessionRows(email: string): Locator {
    return this.page.locator(`[data-testid="log-session-row"][data-user="${email}"]`);
  }

  /** Opens the first session of the user listed; answers the paths its timeline shows, in order. */
  async openTimeline(email: string): Promise<string[]> {
    await this.sessionRows(email).first().getByRole('link', { name: 'Timeline' }).click();
    await this.page.waitForURL(/\/admin\/log\/detail\/\d+/);
    await this.timelineItems().first().waitFor();
    return this.timelinePaths();
  }

  timelineItems(): Locator {
    return this.page.getByTestId('log-timeline-item');
  }

  async timelinePaths(): Promise<string[]> {
    const items = this.timelineItems();
    return Promise.all(
      (await items.all()).map(async (i) =>
        (await i.locator('.mantine-Timeline-itemTitle').innerText()).trim(),
      ),
    );
  }

  summary(): Locator {
    return this.page.getByTestId('log-session-summary');
  }

  async openEvents(): Promise<void> {
    await this.page.getByRole('link', { name: 'Events', exact: true }).click();
    await this.page.getByRole('heading', { name: 'Log events' }).waitFor();
  }

  eventRows(): Locator {
    return this.page.getByTestId('log-event-row');
  }

  /** Clicks 'Download CSV' and answers the file's name and text. */
  async downloadCsv(): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await started;
    return { name: download.suggestedFilename(), text: readFileSync((await download.path()) ?? '', 'utf8') };
  }
}
