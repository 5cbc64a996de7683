import type { Locator, Page } from 'playwright-core';
import type { FileKind } from '@voxa/imaging';

export interface SeriesRow {
  number: string;
  modality: string;
  slices: number;
  frames: number;
  selected: boolean;
}

export interface FileRow {
  file: string;
  kind: string;
  note: string;
}

/** /upload-v2: Configure upload panel (state, counters), the file pickers, the studies and their series. */
export class UploadPage {
  readonly heading: Locator;
  readonly next: Locator;
  readonly state: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Configure upload' });
    this.next = page.getByRole('button', { name: 'Next', exact: true });
    this.state = page.getByTestId('upload-state');
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/upload-v2`);
    await this.heading.waitFor();
  }

  /** Sets the files on 'Browse files' (its hidden input). */
  async browse(paths: string[]): Promise<void> {
    await this.page.getByTestId('file-input').setInputFiles(paths);
  }

  /** Sets a folder on 'Browse folder' (its hidden webkitdirectory input). */
  async browseFolder(folder: string): Promise<void> {
    await this.page.getByTestId('folder-input').setInputFiles(folder);
  }

  /**
   * Drags folders (or files) from disk onto the drop zone, as a person would from a file manager: Chromium's
   * own drag events carry them, so the page walks real directory entries.
   */
  async dropOnZone(paths: string[]): Promise<void> {
    const box = await this.page.getByTestId('drop-zone').boundingBox();
    if (!box) throw new Error('The drop zone is not shown');
    const cdp = await this.page.context().newCDPSession(this.page);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const data = { items: [], files: paths, dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
      await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    await cdp.detach();
  }

  async count(kind: FileKind): Promise<number> {
    return Number(await this.page.getByTestId(`count-${kind}`).locator('.mantine-Badge-label').textContent());
  }

  /** Presses a counter: the file list then shows the files of that kind only (pressed again, all). */
  async filterFiles(kind: FileKind): Promise<void> {
    await this.page.getByTestId(`count-${kind}`).click();
    await this.page.getByTestId(`count-${kind}`).and(this.page.locator('[aria-pressed="true"]')).waitFor();
  }

  /** The rows of the file list as shown: path, kind and note (why a file gives no series). */
  async fileRows(): Promise<FileRow[]> {
    const rows = await this.page.getByTestId('file-row').all();
    return Promise.all(
      rows.map(async (row) => {
        const [file, kind, , note] = await row.getByRole('cell').allInnerTexts();
        return { file: file ?? '', kind: kind ?? '', note: note ?? '' };
      }),
    );
  }

  /** Reading is over when no progress line shows and Next is enabled again. */
  async waitUntilRead(): Promise<void> {
    await this.page.getByTestId('ingest-progress').waitFor({ state: 'detached' });
    await this.page.getByRole('button', { name: 'Next', exact: true, disabled: false }).waitFor();
  }

  /** 'Process (N selected)', shown in preview. */
  processButton(selected: number): Locator {
    return this.page.getByRole('button', { name: `Process (${selected} selected)`, exact: true });
  }

  toast(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }

  study(patientName: string): Locator {
    return this.page.getByRole('region', { name: `Study ${patientName}`, exact: true });
  }

  /** 'Recognizing acquisitions' with its Cancel, shown while a study's acquisitions are recognised. */
  recognizing(study: Locator): Locator {
    return study.getByTestId('recognition-running');
  }

  /** The completion message of a study's recognition. */
  recognized(study: Locator): Locator {
    return study.getByTestId('recognition-done');
  }

  /** The acquisition of every series card of a study, in order. */
  async acquisitions(study: Locator): Promise<string[]> {
    const inputs = study.getByRole('textbox', { name: 'Acquisition' });
    return inputs.evaluateAll((all) => all.map((input) => (input as unknown as { value: string }).value));
  }

  async patientNames(): Promise<string[]> {
    return this.page.getByTestId('study-patient').allInnerTexts();
  }

  /** A study by its id (the StudyInstanceUID, or `nifti:<path>`): names repeat, ids do not. */
  studyById(id: string): Locator {
    return this.page.locator(`[data-study-id="${id}"]`);
  }

  /** A series card by its id (SeriesInstanceUID, or the NIfTI file's path). */
  seriesById(id: string): Locator {
    return this.page.locator(`[data-series-id="${id}"]`);
  }

  /** The mark Process leaves on a selected series without an acquisition. */
  missingAcquisitionMark(card: Locator): Locator {
    return card.getByText('Choose an acquisition', { exact: true });
  }

  /** Why a series starts unticked (1 to 5 single images). */
  deselectedNote(card: Locator): Locator {
    return card.getByTestId('deselected-note');
  }

  /** Whether the card is fully inside the scrolling list of studies. */
  async isInView(card: Locator): Promise<boolean> {
    return card.evaluate((element) => {
      const list = element.closest('[data-testid="upload-content"]');
      if (!list) return false;
      const [inner, outer] = [element.getBoundingClientRect(), list.getBoundingClientRect()];
      return inner.top >= outer.top && inner.bottom <= outer.bottom;
    });
  }

  /** A series card of a study by its series number, as read from the files. */
  seriesCard(study: Locator, seriesNumber: string): Locator {
    return study.locator(`[aria-label="Series ${seriesNumber}"]`);
  }

  async seriesOf(patientName: string): Promise<SeriesRow[]> {
    const rows = await this.study(patientName).getByTestId('series-row').all();
    return Promise.all(
      rows.map(async (row) => ({
        number: await fieldText(row.getByTestId('series-number')),
        modality: await fieldText(row.getByTestId('series-modality')),
        slices: Number(await fieldText(row.getByTestId('series-slices'))),
        frames: Number(await fieldText(row.getByTestId('series-frames'))),
        selected: await row.getByRole('checkbox', { name: 'Select series' }).isChecked(),
      })),
    );
  }
}

/** The text of a cell, or the value when the cell is an input (series number, NIfTI modality). */
async function fieldText(cell: Locator): Promise<string> {
  const isInput = await cell.evaluate((el) => el.tagName === 'INPUT');
  return (isInput ? await cell.inputValue() : ((await cell.textContent()) ?? '')).trim();
}
