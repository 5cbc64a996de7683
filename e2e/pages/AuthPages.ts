import type { Locator, Page } from 'playwright-core';
import type { Credentials } from '../support/people';
import type { E2eServer } from '../support/server';
import { field } from './field';

/** Fills the Name / E-mail / Password fields shared by the install and register forms. */
async function fillAccount(page: Page, who: Credentials): Promise<void> {
  await field(page, 'Name').fill(who.name);
  await field(page, 'E-mail').fill(who.email);
  await field(page, 'Password').fill(who.password);
}

/** /install: creates the first administrator, who is then signed in. */
export class InstallPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/install`);
    await this.page.getByRole('heading', { name: 'Install Voxa' }).waitFor();
  }

  async install(who: Credentials): Promise<void> {
    await fillAccount(this.page, who);
    await this.page.getByRole('button', { name: 'Create administrator' }).click();
  }
}

/** /register, followed by the /verify prompt. */
export class RegisterPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.getByRole('heading', { name: 'Create your account' }).waitFor();
  }

  /** Registers and waits for the "check your e-mail" page. */
  async register(who: Credentials): Promise<void> {
    await fillAccount(this.page, who);
    await this.page.getByRole('button', { name: 'Register' }).click();
    await this.page.waitForURL((url) => url.pathname === '/verify');
    await this.page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
  }

  /** What the E-mail field holds (an invitation link pre-fills it). */
  async emailValue(): Promise<string> {
    return field(this.page, 'E-mail').inputValue();
  }

  /** The verify prompt names the address the link went to. */
  verifyPrompt(email: string): Locator {
    return this.page.getByText(`We sent a link to ${email}`);
  }
}

/**
 * Opens the link of the newest verification mail to `email` (DATA_DIR/outbox) in `page`, and waits until
 * the app has left /verify.
 */
export async function verifyThroughOutbox(server: E2eServer, page: Page, email: string): Promise<string> {
  const mail = await server.readOutbox(email, { subject: /verify/i });
  const link = /https?:\/\/\S+\/verify\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No verification link in the mail to ${email}:\n${mail.text}`);
  await page.goto(link);
  await page.waitForURL((url) => url.pathname !== '/verify');
  return link;
}

/** /login */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/login`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  }

  async signIn(who: Pick<Credentials, 'email' | 'password'>): Promise<void> {
    await field(this.page, 'E-mail').fill(who.email);
    await field(this.page, 'Password').fill(who.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
