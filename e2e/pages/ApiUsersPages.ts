import type { Locator, Page } from 'playwright-core';

/** /admin/api/users: the create form (name and role) and a row per API user. */
export class ApiUsersPage {
  constructor(readonly page: Page) {}

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/api/users`);
    await this.page.getByRole('heading', { name: 'API users' }).waitFor();
  }

  /** Creates an API user with the role named; the page then opens its detail page. */
  async create(name: string, role: string): Promise<void> {
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByRole('textbox', { name: 'Role' }).click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
    await this.page.getByRole('button', { name: 'Create API user' }).click();
    await this.page.getByTestId('api-user-detail').waitFor();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="api-user"][data-name="${name}"]`);
  }
}

/** /admin/api/detail/:id: the API user's role, its tokens, the form that shows a new token's secret once. */
export class ApiUserDetailPage {
  readonly secret: Locator;

  constructor(readonly page: Page) {
    this.secret = page.getByTestId('api-token-secret');
  }

  role(): Promise<string> {
    return this.page.getByTestId('api-user-role').innerText();
  }

  /** Creates a token and answers its secret as the page shows it, once. */
  async createToken(name: string): Promise<string> {
    await this.page.getByLabel('New token').fill(name);
    await this.page.getByRole('button', { name: 'Create token' }).click();
    await this.secret.waitFor();
    return this.secret.innerText();
  }

  token(name: string): Locator {
    return this.page.locator(`[data-testid="api-token"][data-name="${name}"]`);
  }

  async revoke(name: string): Promise<void> {
    await this.token(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  }
}
