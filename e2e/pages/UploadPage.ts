import type { Locator, Page } from 'playwright-core';
import type { FileKind } from '@voxa/imaging';

export interface SeriesRow {
  number: string;
  modality: string;
  slices: number;
  frames: number;
  selected: boolean;
}

/** /upload-v2: Configure upload panel (state, counters), the file pickers and the studies read. */
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

  async count(kind: FileKind): Promise<number> {
    return Number(await this.page.getByTestId(`count-${kind}`).locator('.mantine-Badge-label').textContent());
  }

  /** Reading is over when no progress line shows and Next is enabled again. */
  async waitUntilRead(): Promise<void> {
    await this.page.getByTestId('ingest-progress').waitFor({ state: 'detached' });
    await this.page.getByRole('button', { name: 'Next', exact: true, disabled: false }).waitFor();
  }

  toast(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }

  study(patientName: string): Locator {
    return this.page.getByRole('region', { name: `Study ${patientName}`, exact: true });
  }

  async patientNames(): Promise<string[]> {
    return this.page.getByTestId('study-patient').allInnerTexts();
  }

  async seriesOf(patientName: string): Promise<SeriesRow[]> {
    const rows = await this.study(patientName).getByTestId('series-row').all();
    return Promise.all(
      rows.map(async (row) => {
        const cell = async (id: string) => ((await row.getByTestId(id).textContent()) ?? '').trim();
        return {
          number: await cell('series-number'),
          modality: await cell('series-modality'),
          slices: Number(await cell('series-slices')),
          frames: Number(await cell('series-frames')),
          selected: await row.getByRole('checkbox').isChecked(),
        };
      }),
    );
  }
}
