import type { Locator, Page } from 'playwright-core';

/** /segmentations (the team's segmentations with filters) and /segments/:list (one segmentation's segments). */
export class SegmentationsPages {
  readonly table: Locator;
  readonly rows: Locator;
  readonly total: Locator;
  readonly assignedToMe: Locator;
  readonly segments: Locator;
  readonly segmentsPage: Locator;
  readonly readOnly: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('segmentations-table');
    this.rows = page.getByTestId('segmentation-row');
    this.total = page.getByTestId('segmentations-total');
    this.assignedToMe = page.getByRole('switch', { name: 'Assigned to me' });
    this.segments = page.getByTestId('segment-row');
    this.segmentsPage = page.getByTestId('segments-page');
    this.readOnly = page.getByTestId('segments-read-only');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/segmentations`);
    await this.table.waitFor();
  }

  async ids(): Promise<number[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-segmentation-id'))));
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="segmentation-row"][data-segmentation-id="${id}"]`);
  }

  async openSegments(teamUrl: string, id: number): Promise<void> {
    await this.page.goto(`${teamUrl}/segments/${id}`);
    await this.segmentsPage.waitFor();
  }

  /** Each segment row as value, title (or its input's value) and state. */
  async segmentList(): Promise<{ value: number; state: string; deleted: boolean }[]> {
    return this.segments.evaluateAll((rows) =>
      rows.map((r) => ({
        value: Number(r.getAttribute('data-value')),
        state: r.querySelector('[data-testid="segment-state"]')?.textContent ?? '',
        deleted: r.getAttribute('data-deleted') === 'true',
      })),
    );
  }

  toast(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }
}
