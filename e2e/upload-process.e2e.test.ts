import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { browserStoredText } from './support/browserStores';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { plantedCopies } from './support/planted';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/** One GE MR study of the NIH corpus: 4 series of 150 files. */
const GE_STUDY = path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih/20180918GE');

const dicomFilesOf = (dir: string) => filesUnder(dir).filter((f) => f.endsWith('.dcm'));
/** The study given a planted identity: with 'Anonymize all' on, none of it may stay. */
const planted = plantedCopies(dicomFilesOf(GE_STUDY));

/**
 * Issue 4's story in the browser: drop the NIH GE study, Process with 'Anonymize all' on, every series
 * uploads in chunks and converts on the server (dcm2niix WebAssembly), 'Upload finished!', and the study
 * now shows under its team pseudonym.
 */
describe.skipIf(e2eSkipReason())('upload V2 processing, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Otto Process');
  const team = { title: 'Process Lab', slug: 'process-lab' };
  let person: Person;
  let upload: UploadPage;

  it('signs the Owner in on a new team and opens the upload', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    const { page } = person;
    upload = new UploadPage(page);
    await upload.open(e2e.server.teamUrl(team.slug));
  });

  it('reads the study and moves to preview with its 4 series selected', async () => {
    await upload.browse(planted.paths);
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.processButton(4).waitFor();
  });

  it('recognises the fMRI runs as BOLD, so Process needs no choice by hand (decision 0024)', async () => {
    const study = person.page.locator('[data-study-id]').first();
    await upload.recognized(study).waitFor({ timeout: 120_000 });
    await expect(upload.acquisitions(study)).resolves.toEqual(['BOLD', 'BOLD', 'BOLD', 'BOLD']);
  });

  it(
    'processes with Anonymize all on: every series reaches done, then Upload finished!',
    { timeout: 600_000 },
    async () => {
      const { page } = person;
      await upload.processButton(4).click({ timeout: 20_000 });
      await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
      const statuses = await page.getByTestId('series-status').allTextContents();
      expect(statuses).toEqual(['done', 'done', 'done', 'done']);
      await screenshot(person.page, 'upload-finished');
    },
  );

  it('shows the study under its pseudonym', async () => {
    const names = await upload.patientNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^ANON-[0-9A-Z]{10}$/);
  });

  it('keeps nothing planted in the browser: localStorage, IndexedDB, Cache Storage', async () => {
    const kept = await browserStoredText(person.page);
    for (const text of planted.texts) expect(kept.includes(text), text).toBe(false);
  });
});
