import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { startHeldModel, type HeldModel } from './support/heldModel';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { filesUnder, TESTDATA_DIR } from './support/testdata';
import { waitFor } from './support/wait';

const RECOGNIZED = 'Acquisitions recognized automatically. Check them before processing.';

/** The four DICOM studies of the drop, by StudyInstanceUID. */
const CT = '1.2.826.0.1.3680043.9.4245.1760717064491086528325869788156915668';
const HEAD = '1.3.46.670589.33.1.27492712521914879309.27169771283235650014';
const GE_MR = '1.2.840.113619.6.408.28831229784644470934771902094312156645';
const SIEMENS_MR = '1.3.12.2.1107.5.2.19.45160.30000018091720502193200000007';

/**
 * Acquisition recognition on /upload-v2 (issue 3, item 5): after Next every DICOM study is recognised
 * by the real server. Its model is a stand-in that holds each question until released and then fails,
 * so the built-in rules answer: the test looks at a running recognition for as long as it needs.
 */
describe.skipIf(e2eSkipReason())('upload V2 acquisition recognition, end to end', () => {
  let model: HeldModel | undefined;
  const env: Record<string, string> = { LLM_TIMEOUT_MS: '25000' };
  // Before setupE2e's own beforeAll, which starts the server with `env`.
  beforeAll(async () => {
    model = await startHeldModel();
    env.LLM_URL = model.url;
  });
  afterAll(() => model?.close());
  const e2e = setupE2e(env);
  stepsOfOneStory();
  const owner = newCredentials('Rita Recognition');
  const team = { title: 'Recognition Lab', slug: 'recognition-lab' };
  const heldModel = () => model as HeldModel;
  let person: Person;
  let upload: UploadPage;

  it('signs the Owner in on a new team', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
  });

  it('recognises every DICOM study after Next', async () => {
    upload = new UploadPage(person.page);
    await upload.open(e2e.server.teamUrl(team.slug));
    await upload.browse([
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct')),
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih')),
    ]);
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.state.filter({ hasText: 'preview' }).waitFor();
    for (const id of [CT, HEAD, GE_MR, SIEMENS_MR]) {
      await upload.recognizing(upload.studyById(id)).getByText('Recognizing acquisitions').waitFor();
    }
    // One question per study reached the model, where it waits.
    await waitFor('4 questions held by the model', async () => (heldModel().held() === 4 ? true : undefined));
    await screenshot(person.page, 'upload-v2-recognizing');
    // Some 680 files: reading them took up to 2 minutes on a shared 2-core machine.
  }, 240_000);

  it('blocks series selection while recognising', async () => {
    const head = upload.studyById(HEAD);
    const series = upload.seriesCard(head, '201').getByRole('checkbox', { name: 'Select series' });
    await expect(series.isDisabled()).resolves.toBe(true);
    await expect(series.isChecked()).resolves.toBe(true);
    await expect(head.getByRole('checkbox', { name: 'Select study' }).isDisabled()).resolves.toBe(true);
  });

  it('takes an acquisition chosen by hand while recognising', async () => {
    const head = upload.studyById(HEAD);
    const acquisition = upload.seriesCard(head, '401').getByRole('textbox', { name: 'Acquisition' });
    await acquisition.click();
    await upload.page.getByRole('option', { name: 'PV', exact: true }).click();
    await expect(acquisition.inputValue()).resolves.toBe('PV');
    await expect(upload.recognizing(head).isVisible()).resolves.toBe(true);
  });

  it('cancels one study: it stops at once and the server drops its question', async () => {
    const ct = upload.studyById(CT);
    await upload.recognizing(ct).getByRole('button', { name: 'Cancel' }).click();
    await upload.recognizing(ct).waitFor({ state: 'detached' });
    await expect(upload.acquisitions(ct)).resolves.toEqual(['NONE']);
    await waitFor('the cancelled question to be dropped', async () =>
      heldModel().held() === 3 ? true : undefined,
    );
  });

  it('fills the recognised acquisitions and shows the completion message', async () => {
    heldModel().release();
    const head = upload.studyById(HEAD);
    for (const id of [HEAD, GE_MR, SIEMENS_MR]) {
      await upload.recognized(upload.studyById(id)).getByText(RECOGNIZED).waitFor();
    }
    // The rules: the localizer and the exam summary are NONE, the brain series is native; 401 was chosen.
    await expect(upload.acquisitions(head)).resolves.toEqual(['NONE', 'NATIVE', 'PV']);
    // The GE fMRI runs are BOLD (decision 0024).
    await expect(upload.acquisitions(upload.studyById(GE_MR))).resolves.toEqual([
      'BOLD',
      'BOLD',
      'BOLD',
      'BOLD',
    ]);
    const series = upload.seriesCard(head, '201').getByRole('checkbox', { name: 'Select series' });
    await expect(series.isDisabled()).resolves.toBe(false);
    await screenshot(person.page, 'upload-v2-recognized');
  });

  it('leaves the cancelled study as it was', async () => {
    const ct = upload.studyById(CT);
    // Its answer would have been NATIVE (as the HEAD study's brain series).
    await expect(upload.acquisitions(ct)).resolves.toEqual(['NONE']);
    await expect(upload.recognized(ct).count()).resolves.toBe(0);
    await expect(upload.recognizing(ct).count()).resolves.toBe(0);
    expect(person.errors).toEqual([]);
  });
});
