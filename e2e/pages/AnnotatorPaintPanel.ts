import type { Locator, Page } from 'playwright-core';

/** The annotator's segmentation panel: choose a segmentation, paint it with the mouse, save it. */
export class AnnotatorPaintPanel {
  readonly panel: Locator;
  readonly canvas: Locator;
  readonly status: Locator;
  readonly conflict: Locator;
  /** 'Overwrite other segments' (decision 0096). */
  readonly overwrite: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('segmentation-panel');
    this.canvas = page.getByTestId('viewer-canvas');
    this.status = page.getByTestId('mask-status');
    this.conflict = page.getByRole('dialog', { name: 'The mask was saved by someone else' });
    this.overwrite = this.panel.getByRole('checkbox', { name: 'Overwrite other segments' });
  }

  async choose(title: string): Promise<void> {
    await this.panel.getByRole('textbox', { name: 'Segmentation' }).click();
    await this.page.getByRole('option', { name: title }).click();
    await this.status.waitFor({ timeout: 60_000 });
  }

  /** Makes the segment of this title the one painted. */
  async activate(title: string): Promise<void> {
    await this.panel.getByRole('radio', { name: `Paint ${title}` }).check();
  }

  /** The lock button of a segment: its name says what a click does (Lock or Unlock). */
  lock(title: string): Locator {
    return this.panel.getByRole('button', { name: new RegExp(`^(Lock|Unlock) ${title}$`) });
  }

  async tool(name: 'View' | 'Brush' | 'Eraser' | 'Fill 2D' | 'Fill 3D' | 'Contour'): Promise<void> {
    await this.panel.getByText(name, { exact: true }).click();
  }

  /** The voxel count the panel shows for the segment of this label value. */
  async voxels(value = 1): Promise<number> {
    const text = await this.panel
      .locator(`[data-segment-value="${value}"] [data-testid="segment-figures"]`)
      .innerText();
    return Number(/^(\d+) voxels/.exec(text)?.[1] ?? NaN);
  }

  /** Drags the left button across the canvas between points given as fractions of its box. */
  async drag(from: [number, number], to: [number, number]): Promise<void> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('the canvas is not shown');
    const at = ([fx, fy]: [number, number]) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await this.page.mouse.move(...at(from));
    await this.page.mouse.down();
    await this.page.mouse.move(...at(to), { steps: 12 });
    await this.page.mouse.up();
  }

  async click(at: [number, number]): Promise<void> {
    await this.drag(at, at);
  }

  /** Saves, and waits for the save's answer (and, saved, for the panel to show it). */
  async save(): Promise<number> {
    const answer = this.page.waitForResponse((r) => /\/svc\/v2\/mask\/save\//.test(r.url()));
    await this.panel.getByRole('button', { name: 'Save' }).click();
    const status = (await answer).status();
    // The panel's figures follow the answer: wait until it shows the saved revision.
    if (status === 200)
      await this.page.waitForFunction(
        () => !document.querySelector('[data-testid="mask-status"]')?.textContent?.startsWith('Unsaved'),
      );
    return status;
  }
}
