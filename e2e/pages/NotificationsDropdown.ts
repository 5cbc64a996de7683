import type { Locator, Page } from 'playwright-core';

/** The header's bell and its dropdown of notifications. */
export class NotificationsDropdown {
  readonly bell: Locator;
  readonly menu: Locator;
  readonly items: Locator;
  readonly unseenItems: Locator;
  readonly markAllRead: Locator;
  readonly loadMore: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.bell = page.getByRole('button', { name: /^Notifications/ });
    this.menu = page.getByTestId('notifications-menu');
    this.items = this.menu.getByTestId('notification-item');
    this.unseenItems = this.menu.locator('[data-testid="notification-item"][data-unseen]');
    this.markAllRead = this.menu.getByRole('button', { name: 'Mark all as read' });
    this.loadMore = this.menu.getByRole('button', { name: 'Load more' });
    this.empty = this.menu.getByText('No notifications', { exact: true });
  }

  /** Waits until the bell says `count` unseen: its dot shows while above 0, and is gone at 0. */
  async waitForUnseen(count: number): Promise<void> {
    const name = count > 0 ? `Notifications, ${count} unseen` : 'Notifications';
    const bell = this.page.getByRole('button', { name, exact: true });
    await bell.waitFor();
    await bell.locator('.mantine-Indicator-indicator').waitFor({ state: count > 0 ? 'visible' : 'detached' });
  }

  async open(): Promise<void> {
    await this.bell.click();
    await this.menu.waitFor();
  }

  /** Enter on the focused bell; the arrow keys then move through the items. */
  async openWithKeyboard(): Promise<void> {
    await this.bell.focus();
    await this.page.keyboard.press('Enter');
    await this.menu.waitFor();
  }

  /** Escape closes it, as any menu. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.menu.waitFor({ state: 'hidden' });
  }

  /** The item whose description is `text` ('Study 3'). */
  item(text: string): Locator {
    return this.items.filter({ has: this.page.getByText(text, { exact: true }) });
  }

  async descriptions(): Promise<string[]> {
    const texts = await this.items.allInnerTexts();
    return texts.map((t) => /Study \d+/.exec(t)?.[0] ?? t);
  }
}
