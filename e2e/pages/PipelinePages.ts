import type { Locator, Page } from 'playwright-core';
import { field } from './field';

/** /pipeline, /pipeline-blueprint, the pipeline form (create and edit) and a pipeline's page. */
export class PipelinePages {
  readonly form: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('pipeline-form');
    this.detail = page.getByTestId('pipeline-detail');
  }

  async openBlueprints(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/pipeline-blueprint`);
    await this.page.getByTestId('blueprints-table').waitFor();
  }

  /** "Use this template" of a blueprint: the create form, filled with it. */
  async useTemplate(blueprintName: string): Promise<void> {
    await this.page.getByRole('link', { name: `Use the template ${blueprintName}` }).click();
    await this.form.waitFor();
  }

  async openList(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/pipeline`);
    await this.page.getByTestId('pipelines-table').waitFor();
  }

  row(code: string): Locator {
    return this.page.locator(`[data-testid="pipeline-row"][data-code="${code}"]`);
  }

  /** The acquisition and model choices of the form, row by row. */
  acquisitionRows(): Locator {
    return this.form.getByTestId('pipeline-acquisition');
  }

  async acquisitionCodes(): Promise<string[]> {
    const inputs = this.form.getByRole('textbox', { name: /^Acquisition \d+$/ });
    const shown = await inputs.evaluateAll((all) =>
      all.map((input) => (input as unknown as { value: string }).value),
    );
    // An option reads 'PV · Portal venous phase': the code is what the pipeline keeps.
    return shown.map((text) => text.split(' · ')[0] ?? '');
  }

  async chooseAcquisition(index: number, code: string): Promise<void> {
    await field(this.form, `Acquisition ${index}`).click();
    await this.page.getByRole('option', { name: new RegExp(`^${code} ·`) }).click();
  }

  /** Adds a model to the row's models (a multi-select: the option list stays open until Escape). */
  async addModel(index: number, code: string): Promise<void> {
    await field(this.form, `Models for acquisition ${index}`).click();
    await this.page.getByRole('option', { name: new RegExp(`\\(${code}\\)$`) }).click();
    await this.page.keyboard.press('Escape');
  }

  async addAcquisition(): Promise<void> {
    await this.form.getByRole('button', { name: 'Add acquisition' }).click();
  }

  async removeAcquisition(index: number): Promise<void> {
    await this.form.getByRole('button', { name: `Remove acquisition ${index}` }).click();
  }

  async submit(label: 'Create pipeline' | 'Save pipeline'): Promise<void> {
    await this.form.getByRole('button', { name: label }).click();
    await this.detail.waitFor();
  }

  /** The detail page's steps as "CODE: models", in order. */
  async steps(): Promise<string[]> {
    return this.detail
      .getByTestId('pipeline-step')
      .evaluateAll((all) => all.map((s) => (s as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }
}

/** /flow and /flow/:id. */
export class FlowPages {
  readonly rows: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('flow-row');
    this.detail = page.getByTestId('flow-detail');
  }

  async openList(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/flow`);
    await this.page.getByRole('heading', { name: 'Flows' }).waitFor();
  }

  async openFirst(): Promise<void> {
    await this.rows.first().getByRole('link').click();
    await this.detail.waitFor();
  }

  step(acquisition: string): Locator {
    return this.detail.locator(`[data-testid="flow-step"][data-code="${acquisition}"]`);
  }

  inference(step: Locator, model: string): Locator {
    return step.locator(`[data-testid="flow-inference"][data-model="${model}"]`);
  }
}
