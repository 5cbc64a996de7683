import { PREFETCH_MARK } from '@voxa/contracts';
import type { Locator, Page } from 'playwright-core';

/** The app shell's sidebar: links that follow permissions, and the user dropdown. */
export class Sidebar {
  readonly nav: Locator;
  readonly userMenu: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.userMenu = page.getByRole('button', { name: 'User menu' });
  }

  /** The sidebar renders its links only once user, team and permissions are ready. */
  async waitUntilReady(): Promise<void> {
    await this.nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  }

  /** Once the browser has been idle (at most PREFETCH_IDLE_TIMEOUT_MS), the links' pages' code loads. */
  async waitForPrefetch(): Promise<void> {
    await this.page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCH_MARK);
  }

  link(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async linkNames(): Promise<string[]> {
    await this.waitUntilReady();
    return (await this.nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  }

  async openUserMenu(): Promise<Locator> {
    await this.userMenu.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  /** User menu → 'Switch team' → the team's button; the app moves to that team's sub-domain. */
  async switchTeam(title: string): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Switch team' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Switch team' });
    await dialog.getByRole('button', { name: title }).click();
  }

  async signOut(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
