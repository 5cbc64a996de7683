import type { Locator, Page } from 'playwright-core';

/** A Mantine select: type into it, then pick the option. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Inference rows (the list, a case's page, a batch's progress table). */
export class InferenceRows {
  constructor(readonly scope: Page | Locator) {}

  get all(): Locator {
    return this.scope.locator('[data-testid="inference-row"]');
  }

  byModel(code: string): Locator {
    return this.scope.locator(`[data-testid="inference-row"][data-model="${code}"]`);
  }

  /** A row's state, model and reason as written. */
  static async cells(row: Locator): Promise<Record<'state' | 'model' | 'reason', string>> {
    const text = async (id: string) => ((await row.getByTestId(id).textContent()) ?? '').trim();
    return {
      state: (await row.getAttribute('data-state')) ?? '',
      model: await text('inference-model'),
      reason: await text('inference-reason'),
    };
  }
}

/** /ai2-inference?case=: one case's inferences and its 'Run a model' form. */
export class CaseInferencesPage {
  readonly rows: InferenceRows;

  constructor(readonly page: Page) {
    this.rows = new InferenceRows(page.getByTestId('case-inferences'));
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('inferences-table').waitFor();
  }
}

/** /ai-infers/create: study, series, model, n and mp. */
export class CreateInferencePage {
  constructor(readonly page: Page) {}

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/ai-infers/create`);
    await this.page.getByRole('heading', { name: 'New inference' }).waitFor();
  }

  async create(study: string | RegExp, modelCode: string, mp: string): Promise<void> {
    await choose(this.page, 'Study', study);
    await this.page.getByTestId('run-model-form').waitFor();
    await choose(this.page, 'Model', new RegExp(`\\(${modelCode}\\)$`));
    await this.page.getByRole('textbox', { name: 'Model parameters (mp)' }).fill(mp);
    await this.page.getByRole('button', { name: 'Start' }).click();
  }
}

/** /ai-infers/detail?id=: one inference whole. */
export class InferenceDetailPage {
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('inference-detail');
  }

  async waitUntilShown(): Promise<void> {
    await this.detail.waitFor();
  }

  state(): Promise<string | null> {
    return this.detail.getAttribute('data-state');
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('button', { name: /^Cancel / }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Cancel inference' }).click();
  }
}

/** /admin/batch-infer: the batch form, the batches and one batch's progress table. */
export class BatchInferPage {
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.progress = page.getByTestId('batch-progress');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/batch-infer`);
    await this.page.getByRole('heading', { name: 'Batch inference' }).waitFor();
  }

  async start(modelCode: string, study: string | RegExp): Promise<void> {
    await choose(this.page, 'Model', new RegExp(`\\(${modelCode}\\)$`));
    await this.page.getByTestId('study-checklist').getByRole('checkbox', { name: study }).check();
    await this.page.getByRole('button', { name: 'Start' }).click();
    await this.progress.waitFor();
  }

  batchRows(): Locator {
    return this.page.getByTestId('batch-row');
  }
}

/** /admin/ai-model-configuration: a row per model with its workers and the team's defaults. */
export class ModelConfigurationPage {
  constructor(readonly page: Page) {}

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/admin/ai-model-configuration`);
    await this.page.getByTestId('model-configuration-table').waitFor();
  }

  row(code: string): Locator {
    return this.page.locator(`[data-testid="model-configuration"][data-model="${code}"]`);
  }

  parameters(code: string): Locator {
    return this.row(code).getByRole('textbox', { name: `Model parameters of ${code}` });
  }

  /** Turns the model's run after conversion on or off and saves the row. */
  async setAutomatic(code: string, on: boolean): Promise<void> {
    await this.automatic(code).setChecked(on, { force: true });
    await this.row(code).getByRole('button', { name: 'Save' }).click();
  }

  automatic(code: string): Locator {
    return this.row(code).getByRole('switch', { name: `Run ${code} after conversion` });
  }

  async setDefaults(code: string, n: string, mp: string): Promise<void> {
    await this.row(code)
      .getByRole('textbox', { name: `n of ${code}` })
      .fill(n);
    await this.parameters(code).fill(mp);
    await this.row(code).getByRole('button', { name: 'Save' }).click();
  }
}

/** What waits for a worker (on /ai-infers and a case's page): models, series, what to do, bulk cancel. */
export class NeedsWorkerPanel {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('needs-worker');
  }

  model(code: string): Locator {
    return this.panel.locator(`[data-testid="needs-worker-model"][data-model="${code}"]`);
  }

  models(): Promise<string[]> {
    return this.panel
      .getByTestId('needs-worker-model')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model') ?? ''));
  }

  series(uuid: string): Locator {
    return this.panel.locator(`[data-testid="needs-worker-series"][data-series="${uuid}"]`);
  }

  /** The link to what to do: add a worker. */
  get addWorker(): Locator {
    return this.panel.getByTestId('needs-a-worker-help').getByRole('link', { name: 'Add a worker' });
  }

  async cancelWaitingOf(code: string): Promise<void> {
    await this.panel.getByRole('button', { name: `Cancel the waiting inferences of ${code}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Cancel waiting' }).click();
  }

  async cancelAllWaiting(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Cancel all waiting' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Cancel all waiting' }).click();
  }
}
