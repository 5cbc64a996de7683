import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OrganizePanel } from './pages/OrganizePanel';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/** The GE head CT of the corpus: 28 slices with an 18.5° gantry tilt and uneven slice spacing. */
const TILTED_CT = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE');

/** The converter and its version, as the server recorded them (WebAssembly unless a native one is as new). */
const CONVERTER = /^dcm2niix v1\.0\.\d{8}\w* \((WebAssembly|native)\)$/;

/**
 * A series whose conversion dcm2niix warns about is not silently done: after the upload its card carries
 * a 'conversion warnings' badge that lists dcm2niix's words, and so does its series in the organize panel,
 * each with the dcm2niix that converted it.
 */
describe.skipIf(e2eSkipReason())('conversion warnings, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Wanda Warning');
  const team = { title: 'Tilt Lab', slug: 'tilt-lab' };
  let person: Person;
  let upload: UploadPage;

  it(
    'uploads the tilted CT with Anonymize all on; it converts with its warnings shown',
    { timeout: 600_000 },
    async () => {
      person = await ownerOfNewTeam(e2e, owner, team);
      const { page } = person;
      upload = new UploadPage(page);
      await upload.open(e2e.server.teamUrl(team.slug));
      await upload.browse(filesUnder(TILTED_CT).filter((f) => f.endsWith('.dcm')));
      await upload.waitUntilRead();
      await upload.next.click();
      await upload.processButton(1).waitFor();
      await upload.recognized(page.locator('[data-study-id]').first()).waitFor({ timeout: 120_000 });
      const card = page.getByTestId('series-row').first();
      const acquisition = card.getByRole('textbox', { name: 'Acquisition' });
      if ((await acquisition.inputValue()) === '') {
        await acquisition.click();
        await page.getByRole('option').first().click();
      }
      await upload.processButton(1).click();
      await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
      expect(await card.getByTestId('series-status').textContent()).toBe('done');
      const warnings = card.getByTestId('series-warnings');
      await expect(warnings.textContent()).resolves.toMatch(/conversion warnings?$/);
      await warnings.click();
      await page.getByText(/gantry tilt of 18\.5 degrees/).waitFor();
      // Beside the warnings, the dcm2niix that converted the series (decision 0087).
      await expect(card.getByTestId('series-converter').textContent()).resolves.toMatch(CONVERTER);
      await screenshot(page, 'upload-conversion-warnings');
    },
  );

  it('shows the same warnings on the series in the organize panel', async () => {
    const { page } = person;
    await page.keyboard.press('Escape');
    await page.getByTestId('series-row').first().getByRole('link', { name: 'Organize' }).click();
    const organize = new OrganizePanel(page);
    await organize.waitUntilShown();
    const badge = page.getByTestId('organize-series').first().getByTestId('series-warnings');
    await badge.click();
    await page.getByText(/Interslice distance varies/).waitFor();
    await expect(
      page.getByTestId('organize-series').first().getByTestId('series-converter').textContent(),
    ).resolves.toMatch(CONVERTER);
  });
});
