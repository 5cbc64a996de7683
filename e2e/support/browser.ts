import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
}

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, for failure messages. */
  errors: string[];
  /** What the page logged as an error, failed requests included (`Failed to load resource: … 404`). */
  consoleErrors: string[];
}

/**
 * A new browser context per person: separate cookies and storage, as two people on two machines.
 * `*.localhost` resolves to loopback in Chromium, so team sub-domains need no DNS.
 */
export async function newPerson(browser: Browser): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  return { context, page, errors, consoleErrors };
}

/**
 * Saves a screenshot to E2E_SCREENSHOT_DIR (a temp dir, never committed) when that variable is set;
 * for a human to look at, not for assertions.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
