import type { Locator, Page } from 'playwright-core';

/** /reviews: the user's reviews as rows of study, structure, author, age and state, each with Open. */
export class ReviewsPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('reviews-table');
  }

  async waitUntilShown(): Promise<void> {
    await this.table.waitFor();
  }

  row(segmentationId: number): Locator {
    return this.page.locator(`[data-testid="review-row"][data-segmentation-id="${segmentationId}"]`);
  }

  /** A row's cells as written (a badge's capitals are only its style). */
  async cells(
    segmentationId: number,
  ): Promise<Record<'study' | 'structure' | 'author' | 'age' | 'state', string>> {
    const row = this.row(segmentationId);
    const text = async (id: string) => ((await row.getByTestId(id).textContent()) ?? '').trim();
    return {
      study: await text('review-study'),
      structure: await text('review-structure'),
      author: await text('review-author'),
      age: await text('review-age'),
      state: await text('review-state'),
    };
  }

  /** Open: the annotator in review mode, in a new tab. */
  async open(segmentationId: number): Promise<Page> {
    const [tab] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.row(segmentationId)
        .getByRole('button', { name: /^Open / })
        .click(),
    ]);
    return tab;
  }
}
