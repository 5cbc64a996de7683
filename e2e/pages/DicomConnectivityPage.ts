import type { Locator, Page } from 'playwright-core';

/**
 * /team/dicom: the DICOMweb card (base URL, anonymise switch) and the C-STORE card (AE title, port, callers,
 * C-MOVE destinations).
 */
export class DicomConnectivityPage {
  readonly heading: Locator;
  readonly baseUrl: Locator;
  readonly anonymize: Locator;
  readonly aeTitle: Locator;
  readonly port: Locator;
  readonly callingAeInput: Locator;
  readonly callingAes: Locator;
  readonly noneListed: Locator;
  readonly addForm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'DICOM connectivity', level: 1 });
    this.baseUrl = page.getByTestId('dicomweb-base-url');
    this.anonymize = page.getByRole('switch', { name: 'Anonymize what arrives' });
    this.aeTitle = page.getByTestId('c-store-ae-title');
    this.port = page.getByTestId('c-store-port');
    this.callingAeInput = page.getByRole('textbox', { name: 'Calling AE title' });
    this.callingAes = page.getByTestId('calling-ae');
    this.noneListed = page.getByTestId('calling-ae-none');
    this.addForm = page.getByRole('form', { name: 'Add a calling AE title' });
  }

  async open(teamUrl: string): Promise<void> {
    await this.page.goto(`${teamUrl}/team/dicom`);
    await this.waitUntilShown();
  }

  /** Shown once both cards have their settings. */
  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
    await this.anonymize.waitFor({ state: 'attached' });
    await this.aeTitle.waitFor();
  }

  /** Flips the switch and waits until it shows the saved answer (it is disabled while it saves). */
  async setAnonymize(on: boolean): Promise<void> {
    if ((await this.anonymize.isChecked()) === on) return;
    // Mantine draws the switch over its zero-sized input.
    await this.anonymize.click({ force: true });
    await this.anonymize
      .and(this.page.locator(on ? ':checked:enabled' : ':not(:checked):enabled'))
      .waitFor({ state: 'attached' });
  }

  callingAe(title: string): Locator {
    return this.page.locator(`[data-testid="calling-ae"][data-title="${title}"]`);
  }

  /** The reason the typed title was refused, under the field (Mantine names it `{input id}-error`). */
  callingAeProblem(): Locator {
    return this.addForm.locator('[id$="-error"]');
  }

  /** Types a calling AE title and presses Add, whatever comes of it. */
  async submitCallingAe(typed: string): Promise<void> {
    await this.callingAeInput.fill(typed);
    await this.addForm.getByRole('button', { name: 'Add' }).click();
  }

  /** Adds a calling AE title and waits until the saved list shows it as `listedAs`. */
  async addCallingAe(typed: string, listedAs = typed): Promise<void> {
    await this.submitCallingAe(typed);
    await this.callingAe(listedAs).waitFor();
  }

  async removeCallingAe(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${title}` }).click();
    await this.callingAe(title).waitFor({ state: 'detached' });
  }

  moveDestination(title: string): Locator {
    return this.page.locator(`[data-testid="move-destination"][data-title="${title}"]`);
  }

  /** Adds a C-MOVE destination and waits until the saved list shows it under `listedAs`. */
  async addMoveDestination(aeTitle: string, host: string, port: number, listedAs = aeTitle): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a C-MOVE destination' });
    await form.getByRole('textbox', { name: 'AE title' }).fill(aeTitle);
    await form.getByRole('textbox', { name: 'Host' }).fill(host);
    await form.getByRole('textbox', { name: 'Port' }).fill(String(port));
    await form.getByRole('button', { name: 'Add' }).click();
    await this.moveDestination(listedAs).waitFor();
  }

  async removeMoveDestination(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${title}`, exact: true }).click();
    await this.moveDestination(title).waitFor({ state: 'detached' });
  }

  async callingAeTitles(): Promise<string[]> {
    return this.callingAes.evaluateAll((items) => items.map((i) => i.getAttribute('data-title') ?? ''));
  }
}
