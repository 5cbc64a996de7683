import type { Locator, Page } from 'playwright-core';

/** /ai2-trainings: the team's trainings. */
export class TrainingsPage {
  readonly table: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('trainings-table');
    this.rows = page.getByTestId('training-row');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/ai2-trainings`);
    await this.page.getByRole('heading', { name: 'AI Trainings' }).waitFor();
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="training-row"][data-id="${id}"]`);
  }

  async state(id: number): Promise<string> {
    return ((await this.row(id).getByTestId('training-state').textContent()) ?? '').trim();
  }

  /** The best validation Dice as the row shows it (with the threshold once a training did not learn). */
  async bestValDice(id: number): Promise<string> {
    return ((await this.row(id).getByTestId('training-best-val-dice').textContent()) ?? '').trim();
  }
}

/** One segmentation offered on the create page: whether it matches the model, and why not. */
export interface OfferedSegmentation {
  id: number;
  valid: boolean;
  reason: string;
  /** Whether its checkbox can be ticked. */
  enabled: boolean;
}

/** /ai2-trainings/create: a model, its segmentations (the invalid ones marked), the parameters; Start. */
export class CreateTrainingPage {
  readonly segmentations: Locator;
  readonly start: Locator;

  constructor(readonly page: Page) {
    this.segmentations = page.getByTestId('training-segmentation');
    this.start = page.getByRole('button', { name: 'Start training' });
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/ai2-trainings/create`);
    await this.page.getByRole('heading', { name: 'New training' }).waitFor();
  }

  /** Picks the model by its code (the options read 'Name (code)') and waits for its segmentations. */
  async chooseModel(code: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Model', exact: true }).click();
    await this.page.getByRole('option', { name: new RegExp(`\\(${code}\\)$`) }).click();
    await this.page.getByTestId('training-segmentations').waitFor();
  }

  checkbox(id: number): Locator {
    return this.page.getByRole('checkbox', { name: `Segmentation #${id}`, exact: true });
  }

  async offered(): Promise<OfferedSegmentation[]> {
    const out: OfferedSegmentation[] = [];
    for (const row of await this.segmentations.all()) {
      const id = Number(await row.getAttribute('data-id'));
      const reason = row.getByTestId('training-segmentation-reason');
      out.push({
        id,
        valid: (await row.getAttribute('data-valid')) === 'true',
        reason: (await reason.count()) > 0 ? ((await reason.textContent()) ?? '') : '',
        enabled: await this.checkbox(id).isEnabled(),
      });
    }
    return out.sort((a, b) => a.id - b.id);
  }

  async choose(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.checkbox(id).check();
  }

  /** The warnings written before the start (too few segmentations, one series); none: []. */
  async warnings(): Promise<string[]> {
    return (await this.page.getByTestId('training-start-warning').allTextContents()).map((w) => w.trim());
  }

  async fill(label: 'Epochs' | 'Validation split' | 'Learning rate' | 'Patch size', value: string) {
    await this.page.getByRole('textbox', { name: label }).fill(value);
  }
}

/** /ai2-trainings/detail/:id: the training, its curves growing while it runs, Stop. */
export class TrainingDetailPage {
  readonly detail: Locator;
  readonly chart: Locator;

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('training-detail');
    this.chart = page.getByTestId('training-chart');
  }

  async waitUntilShown(): Promise<void> {
    await this.detail.waitFor();
  }

  /** The training's id, from the address. */
  id(): number {
    return Number(/\/ai2-trainings\/detail\/(\d+)/.exec(this.page.url())?.[1] ?? NaN);
  }

  state(): Promise<string | null> {
    return this.detail.getAttribute('data-state');
  }

  /** The state as its badge writes it. */
  async badge(): Promise<string> {
    return ((await this.detail.getByTestId('training-state').first().textContent()) ?? '').trim();
  }

  /** How many points the chart draws of a series ('Loss', 'Validation Dice'); 0 before the chart shows. */
  async points(series: string): Promise<number> {
    const line = this.chart.locator(`[data-series="${series}"]`);
    if ((await line.count()) === 0) return 0;
    return line.locator('circle').count();
  }

  /** The figures of a training that did not learn (its best validation Dice and the threshold). */
  async didNotLearnFigures(): Promise<string> {
    return ((await this.page.getByTestId('training-did-not-learn-figures').textContent()) ?? '').trim();
  }

  promoteButton(): Locator {
    return this.page.getByRole('button', { name: /^Promote training #\d+ to a model$/ });
  }

  /** Promote to a model, confirmed in its dialog; waits for the model's link. */
  async promote(): Promise<void> {
    await this.promoteButton().click();
    await this.page
      .getByRole('dialog', { name: 'Promote to a model' })
      .getByRole('button', { name: 'Promote to a model' })
      .click();
    await this.page.getByTestId('training-promoted-model').waitFor();
  }

  /** Stop, confirmed in its dialog. */
  async stop(): Promise<void> {
    await this.page.getByRole('button', { name: /^Stop training #\d+$/ }).click();
    await this.page
      .getByRole('dialog', { name: 'Stop training' })
      .getByRole('button', { name: 'Stop training' })
      .click();
  }
}

/** /ai2-trainings/detail-mi?id=: the training's model information. */
export class TrainingInfoPage {
  readonly info: Locator;
  readonly derivedModel: Locator;
  readonly setRows: Locator;

  constructor(readonly page: Page) {
    this.info = page.getByTestId('training-info');
    this.derivedModel = page.getByTestId('training-derived-model');
    this.setRows = page.getByTestId('training-set-row');
  }

  async waitUntilShown(): Promise<void> {
    await this.info.waitFor();
    await this.page.getByTestId('training-set').waitFor();
  }
}
