/// <reference lib="dom" />
// imageStats runs its callback inside the page, where the DOM exists.
import type { Locator, Page } from 'playwright-core';

/** What the tile's <img> shows, read back from its decoded pixels. */
export interface ImageStats {
  width: number;
  /** Share of pixels that are not (nearly) black. */
  lit: number;
  /** A checksum of the pixels, to tell two images apart. */
  checksum: number;
}

/** One series' preview tile on /upload-v2, found by its label (the series number, '?' for NIfTI). */
export class SeriesPreviewTile {
  readonly root: Locator;
  readonly image: Locator;
  readonly placeholder: Locator;
  /** The slider's thumb. */
  readonly slider: Locator;
  readonly tile: Locator;

  constructor(page: Page, label: string) {
    this.root = page.getByRole('group', { name: `Preview of serie ${label}`, exact: true });
    this.tile = this.root.getByTestId('preview-tile');
    this.image = this.root.getByTestId('preview-image');
    this.placeholder = this.root.getByTestId('preview-placeholder');
    this.slider = this.root.getByRole('slider');
  }

  /** Tiles render only once in view, so bring it there first. */
  async waitForImage(timeout = 60_000): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.image.waitFor({ timeout });
  }

  async waitForPlaceholder(text: string, timeout = 30_000): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.placeholder.filter({ hasText: text }).waitFor({ timeout });
  }

  async slice(): Promise<number> {
    return Number(await this.image.getAttribute('data-slice'));
  }

  async sliderDisabled(): Promise<boolean> {
    // Mantine hides a disabled thumb, so a role query would not find it.
    const thumb = this.root.locator('[role="slider"]');
    return (await thumb.getAttribute('data-disabled')) === 'true';
  }

  async isScaled(): Promise<boolean> {
    return (await this.root.getAttribute('data-scaled')) === 'true';
  }

  /**
   * Draws the <img> on a canvas in the page and summarises its pixels. The tile may swap its image while
   * this runs (a converted series starts again in the middle of its slices, revoking the old URL): a
   * decode that fails then is tried again on the new one.
   */
  async imageStats(): Promise<ImageStats> {
    return this.image.evaluate(async (element) => {
      const img = element as HTMLImageElement;
      for (let attempt = 1; ; attempt++) {
        try {
          await img.decode();
          break;
        } catch (error) {
          if (attempt === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let lit = 0;
      let checksum = 0;
      for (let i = 0; i < data.length; i += 4) {
        const sum = (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0);
        if (sum > 30) lit += 1;
        checksum = (checksum * 31 + sum) >>> 0;
      }
      return { width: canvas.width, lit: lit / (data.length / 4), checksum };
    });
  }
}
