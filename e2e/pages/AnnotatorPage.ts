import type { Locator, Page } from 'playwright-core';

/** What a region of the canvas shows: how much of it is not background, and how many grey levels. */
export interface CanvasStats {
  lit: number;
  levels: number;
  /** Share of clearly red pixels (a segment drawn in the palette's first colour, over grey). */
  red: number;
}

/** The annotator at /annotator/case/{uuid}: the viewer, its toolbar, series and status bar. */
export class AnnotatorPage {
  readonly canvas: Locator;
  readonly toolbar: Locator;
  readonly window: Locator;
  readonly position: Locator;
  readonly value: Locator;
  readonly series: Locator;
  /** The middle axial slice drawn over the viewer while the volume loads, and the notice above it. */
  readonly preview: Locator;
  readonly previewNotice: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId('viewer-canvas');
    this.toolbar = page.getByTestId('viewer-toolbar');
    this.window = page.getByTestId('status-window');
    this.position = page.getByTestId('status-position');
    this.value = page.getByTestId('status-value');
    this.series = page.getByRole('navigation', { name: 'Series' }).getByRole('button');
    this.preview = page.getByTestId('viewer-preview');
    this.previewNotice = page.getByTestId('viewer-preview-notice');
  }

  /** The File or Volume slider of a series of several NIfTI files or a 4D file. */
  slider(name: 'File' | 'Volume'): Locator {
    return this.page.getByRole('slider', { name });
  }

  async open(teamUrl: string, caseUuid: string): Promise<void> {
    await this.page.goto(`${teamUrl}/annotator/case/${caseUuid}`);
  }

  /** NiiVue has drawn a volume (the file of that index, if given): the canvas says so itself. */
  async waitUntilRendered(file?: number, timeout = 60_000): Promise<void> {
    const shown = file === undefined ? '' : `[data-shown$="-${file}"]`;
    await this.page.locator(`[data-testid="viewer-canvas"][data-state="ready"]${shown}`).waitFor({ timeout });
  }

  async layout(name: 'Axial' | 'Coronal' | 'Sagittal' | '3D' | 'Four panes'): Promise<void> {
    // The first render pane computes NiiVue's gradient volume first (decision 0069): under software
    // WebGL on a loaded machine the page answers the click only after it.
    const render = name === '3D' || name === 'Four panes';
    await this.toolbar.getByText(name, { exact: true }).click({ timeout: render ? 90_000 : undefined });
  }

  preset(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  /**
   * What the canvas shows in a region (fractions of its box), read from a screenshot of it: WebGL's
   * buffer is not kept after compositing, so the pixels are those the user sees.
   */
  async stats(region = { x: 0, y: 0, width: 1, height: 1 }): Promise<CanvasStats> {
    const png = (await this.canvas.screenshot()).toString('base64');
    return this.page.evaluate(
      async ({ png, region }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const x = Math.floor(region.x * image.width);
        const y = Math.floor(region.y * image.height);
        const w = Math.max(1, Math.floor(region.width * image.width));
        const h = Math.max(1, Math.floor(region.height * image.height));
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context');
        context.drawImage(image, x, y, w, h, 0, 0, w, h);
        const { data } = context.getImageData(0, 0, w, h);
        const levels = new Set<number>();
        let lit = 0;
        let red = 0;
        for (let i = 0; i < data.length; i += 4) {
          const grey = Math.round(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
          levels.add(grey);
          if (grey > 16) lit += 1;
          const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
          if (r > g + 60 && r > b + 40) red += 1;
        }
        return { lit: lit / (w * h), levels: levels.size, red: red / (w * h) };
      },
      { png, region },
    );
  }

  /** The centre of the clearly red pixels in a region, as fractions of the canvas box; null if none. */
  async redCentre(region: {
    x: number;
    y: number;
    width: number;
    height: number;
  }): Promise<[number, number] | null> {
    const png = (await this.canvas.screenshot()).toString('base64');
    return this.page.evaluate(
      async ({ png, region }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const x0 = Math.floor(region.x * image.width);
        const y0 = Math.floor(region.y * image.height);
        const w = Math.max(1, Math.floor(region.width * image.width));
        const h = Math.max(1, Math.floor(region.height * image.height));
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context');
        context.drawImage(image, x0, y0, w, h, 0, 0, w, h);
        const { data } = context.getImageData(0, 0, w, h);
        let n = 0;
        let sx = 0;
        let sy = 0;
        for (let i = 0; i < data.length; i += 4) {
          const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
          if (r <= g + 60 || r <= b + 40) continue;
          n += 1;
          sx += (i / 4) % w;
          sy += Math.floor(i / 4 / w);
        }
        return n
          ? ([(x0 + sx / n + 0.5) / image.width, (y0 + sy / n + 0.5) / image.height] as [number, number])
          : null;
      },
      { png, region },
    );
  }

  /** The voxel the status bar shows with the mouse at a point of the canvas (fractions of its box). */
  async voxelAt(fx: number, fy: number): Promise<number[]> {
    await this.hover(fx, fy);
    const text = await this.position.innerText();
    return (/voxel (-?\d+), (-?\d+), (-?\d+)/.exec(text) ?? []).slice(1).map(Number);
  }

  /** The scanner (RAS) millimetres of the point under a point of the canvas (fractions of its box). */
  async mmAt(fx: number, fy: number): Promise<number[]> {
    await this.hover(fx, fy);
    const text = await this.position.innerText();
    return (/^(-?[\d.]+), (-?[\d.]+), (-?[\d.]+) mm/.exec(text) ?? []).slice(1).map(Number);
  }

  /** The display convention's switch in the toolbar. */
  async convention(name: 'Radiological' | 'Neurological'): Promise<void> {
    await this.toolbar.getByText(name, { exact: true }).click();
  }

  /** The side labels of the 2D panes of one view, edge by edge (what the user reads there). */
  async sides(view: 'axial' | 'coronal' | 'sagittal'): Promise<Record<string, string>> {
    const pane = this.page.locator(`[data-testid="side-labels"][data-view="${view}"]`);
    await pane.waitFor();
    const sides: Record<string, string> = {};
    for (const edge of ['left', 'right', 'top', 'bottom'])
      sides[edge] = await pane.locator(`[data-side="${edge}"]`).innerText();
    return sides;
  }

  /** Moves the mouse to a point of the canvas given as fractions of its box. */
  async hover(fx: number, fy: number): Promise<void> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('the canvas is not shown');
    await this.page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 4 });
  }

  /**
   * The pane as the user sees it (the preview over NiiVue's canvas while loading, NiiVue's drawing after),
   * from a screenshot, in grey levels averaged over `size` x `size` blocks of a region (fractions of its
   * box): two drawings of the same slice at the same place give nearly the same blocks.
   */
  async greyBlocks(region = { x: 0, y: 0, width: 1, height: 1 }, size = 32): Promise<number[]> {
    const png = (await this.canvas.screenshot()).toString('base64');
    return this.page.evaluate(
      async ({ png, region, size }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context');
        context.imageSmoothingQuality = 'high';
        const [x, y] = [region.x * image.width, region.y * image.height];
        const [w, h] = [region.width * image.width, region.height * image.height];
        context.drawImage(image, x, y, w, h, 0, 0, size, size);
        const { data } = context.getImageData(0, 0, size, size);
        const grey: number[] = [];
        for (let i = 0; i < data.length; i += 4)
          grey.push(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
        return grey;
      },
      { png, region, size },
    );
  }
}
