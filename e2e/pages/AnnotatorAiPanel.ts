import type { Locator, Page } from 'playwright-core';

/** The annotator's AI mode panel (aiinfer=true): the result beside what is painted, and Accept. */
export class AnnotatorAiPanel {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('ai-result-panel');
  }

  async segmentTitles(): Promise<string[]> {
    return this.panel.getByTestId('ai-result-segments').locator('p').allInnerTexts();
  }

  async show(on: boolean): Promise<void> {
    const toggle = this.panel.getByRole('switch', { name: 'Show the AI result' });
    if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  }

  /** Accepts the result as a new segmentation; answers the copy's id. */
  async accept(): Promise<number> {
    const answer = this.page.waitForResponse((r) => /\/accept$/.test(new URL(r.url()).pathname));
    await this.panel.getByRole('button', { name: 'Accept as new segmentation' }).click();
    const response = await answer;
    if (response.status() !== 201) throw new Error(`accept answered ${response.status()}`);
    return ((await response.json()) as { id: number }).id;
  }
}
