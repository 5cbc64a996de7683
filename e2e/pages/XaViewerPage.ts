import type { Locator, Page } from 'playwright-core';

/** The XA viewer at /mbg/{uuid}: the cine canvas, its controls and the run's facts. */
export class XaViewerPage {
  readonly viewer: Locator;
  readonly canvas: Locator;
  readonly counter: Locator;
  readonly primaryAngle: Locator;
  readonly secondaryAngle: Locator;
  readonly rate: Locator;
  readonly slider: Locator;
  readonly loop: Locator;

  constructor(readonly page: Page) {
    this.viewer = page.getByTestId('xa-viewer');
    this.canvas = page.getByTestId('cine-canvas');
    this.counter = page.getByTestId('cine-frame');
    this.primaryAngle = page.getByTestId('cine-primary-angle');
    this.secondaryAngle = page.getByTestId('cine-secondary-angle');
    this.rate = page.getByTestId('cine-rate');
    this.slider = page.getByRole('slider');
    this.loop = page.getByRole('checkbox', { name: 'Loop' });
  }

  async open(teamUrl: string, uuid: string): Promise<void> {
    await this.page.goto(`${teamUrl}/mbg/${uuid}`);
  }

  /** A frame is on the canvas: it names the frame it drew last. */
  async waitUntilDrawn(timeout = 60_000): Promise<void> {
    await this.page.locator('[data-testid="cine-canvas"][data-frame]').waitFor({ timeout });
  }

  button(name: 'Play' | 'Pause' | 'Previous frame' | 'Next frame'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The frame counter as numbers: [n, N]. */
  async frame(): Promise<[number, number]> {
    const [n, count] = (await this.counter.innerText()).split('/').map((part) => Number(part.trim()));
    return [n ?? NaN, count ?? NaN];
  }

  async playing(): Promise<boolean> {
    return (await this.viewer.getAttribute('data-playing')) === 'true';
  }

  /** The frame drawn last and a digest of the canvas' pixels, read together from the 2D canvas. */
  async drawn(): Promise<{ frame: number; digest: number; lit: number }> {
    return this.canvas.evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let digest = 0;
      let lit = 0;
      for (let i = 0; i < data.length; i += 4) {
        digest = (digest * 31 + (data[i] ?? 0)) >>> 0;
        if ((data[i] ?? 0) > 16) lit += 1;
      }
      return { frame: Number(canvas.dataset.frame), digest, lit: lit / (data.length / 4) };
    });
  }
}
