import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { waitFor } from '../support/wait';

/** The segmentations of one series in the organize panel: create, segments, role boxes, add-user panel. */
/** The two imports of a series: a NIfTI label map, or a DICOM SEG. */
export type ImportAction = 'Import label map' | 'Import DICOM SEG';

export class SegmentationsPanel {
  readonly section: Locator;
  /** The right slide-in panel that adds a user to a role box. */
  readonly addUserPanel: Locator;

  constructor(
    readonly page: Page,
    readonly seriesName: string,
  ) {
    this.section = page.getByRole('region', { name: `Segmentations of ${seriesName}`, exact: true });
    this.addUserPanel = page.getByRole('dialog', { name: /^Add user to / });
  }

  async waitUntilShown(): Promise<void> {
    await this.section.waitFor();
  }

  structurePicker(): Locator {
    return this.page.getByRole('textbox', { name: `Structure for ${this.seriesName}`, exact: true });
  }

  sharedSwitch(): Locator {
    return this.page.getByRole('switch', { name: `Shared segmentation on ${this.seriesName}` });
  }

  createButton(): Locator {
    return this.section.getByRole('button', { name: 'Create segmentation', exact: true });
  }

  /** The picker's open dropdown. */
  options(): Locator {
    return this.page.getByRole('listbox').getByRole('option');
  }

  segmentation(structure: string): Locator {
    return this.section.getByRole('article', { name: `Segmentation ${structure}`, exact: true });
  }

  async segmentTitles(structure: string): Promise<string[]> {
    return this.segmentation(structure).getByTestId('segment-title').allInnerTexts();
  }

  /**
   * Each segment's title and the colour its swatch is painted in (#rrggbb, read from the page's computed
   * style, not from the data the page was given), in the order shown.
   */
  async segmentColours(structure: string): Promise<[string, string][]> {
    return this.segmentation(structure)
      .getByTestId('segment')
      .evaluateAll((segments) =>
        segments.map((segment): [string, string] => {
          const title = segment.querySelector<HTMLElement>('[data-testid="segment-title"]')?.innerText ?? '';
          const swatch = segment.querySelector('[data-testid="segment-color"]');
          const painted = Array.from(
            swatch?.querySelectorAll('*') ?? [],
            (e) => getComputedStyle(e).backgroundColor,
          ).find((c) => /^rgb\(/.test(c));
          const hex = (painted?.match(/\d+/g) ?? [])
            .map((c) => Number(c).toString(16).padStart(2, '0'))
            .join('');
          return [title, `#${hex}`];
        }),
      );
  }

  segment(structure: string, title: string): Locator {
    return this.segmentation(structure)
      .getByTestId('segment')
      .filter({ has: this.page.getByTestId('segment-title').getByText(title, { exact: true }) });
  }

  button(structure: string, name: string): Locator {
    return this.segmentation(structure).getByRole('button', { name, exact: true });
  }

  /** Who can review the segmentation, or why nobody can. */
  reviewers(structure: string): Locator {
    return this.segmentation(structure).getByTestId('segmentation-reviewers');
  }

  roleBox(structure: string, role: string): Locator {
    return this.segmentation(structure).getByRole('region', { name: `Role ${role}`, exact: true });
  }

  async members(structure: string, role: string): Promise<string[]> {
    return this.roleBox(structure, role).getByTestId('role-member-name').allInnerTexts();
  }

  /** The 'Import label map' (or 'Import DICOM SEG') dialog of this series. */
  importDialog(action: ImportAction = 'Import label map'): Locator {
    return this.page.getByRole('dialog', { name: `${action} for ${this.seriesName}`, exact: true });
  }

  /**
   * Opens the import dialog and chooses a file, a structure (by search and title) and the shared switch,
   * then waits for the dialog's Import button. Once in a loaded CI run it stayed disabled, the dialog
   * holding one of the two choices no more (cause not found): a failure then names the choice it lost.
   */
  async fillImport(
    file: string,
    search: string,
    structure: string,
    action: ImportAction = 'Import label map',
  ): Promise<void> {
    await this.section.getByRole('button', { name: `${action} for ${this.seriesName}` }).click();
    const dialog = this.importDialog(action);
    await dialog.locator('input[type="file"]').setInputFiles(file);
    const picker = dialog.getByRole('textbox', { name: `Label map structure for ${this.seriesName}` });
    await picker.fill(search);
    await this.options()
      .filter({ hasText: new RegExp(`^${structure}$`) })
      .click();
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    await waitFor('the Import button', async () =>
      (await importButton.isEnabled()) ? true : undefined,
    ).catch(async (error: unknown) => {
      const lost = [
        (await dialog.getByText(path.basename(file), { exact: true }).count()) === 0 && 'file',
        (await picker.inputValue()) !== structure && 'structure',
      ].filter(Boolean);
      throw new Error(`The ${action} dialog lost its ${lost.join(' and ') || 'choices'}`, { cause: error });
    });
  }

  /** The revisions panel of a segmentation (opened with its 'Revisions' button). */
  revisionsPanel(structure: string): Locator {
    return this.page.getByRole('dialog', { name: `Revisions of ${structure}`, exact: true });
  }

  /** The listed revisions as `{revision} {reason} {current}` from their data attributes, in order. */
  async revisions(structure: string): Promise<string[]> {
    return this.revisionsPanel(structure)
      .getByTestId('mask-revision')
      .evaluateAll((rows) =>
        rows.map((r) => ['revision', 'reason', 'current'].map((k) => r.getAttribute(`data-${k}`)).join(' ')),
      );
  }

  /** Texts of the toasts shown since the page loaded (recordToasts), in order. */
  async toasts(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as ToastLog).__toasts ?? []);
  }
}

interface ToastLog {
  __toasts?: string[];
}

/** Browser code (a string: this package compiles without the DOM's types). */
const TOAST_RECORDER = `
  const log = (window.__toasts = []);
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const alerts = node.matches('[role="alert"]') ? [node] : [...node.querySelectorAll('[role="alert"]')];
        for (const alert of alerts) log.push(alert.textContent.trim());
      }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * Records the text of every toast (role alert) as it appears, on every page the context loads, so a spec
 * can assert the whole sequence verbatim even after a toast has closed or while several say the same.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.context().addInitScript({ content: TOAST_RECORDER });
}
