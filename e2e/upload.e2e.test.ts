import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classifyAll, NIFTI_ZERO_SLICES_ERROR, UNSUPPORTED_FILE_MESSAGE } from '@voxa/imaging';
import { afterAll, describe, expect, it } from 'vitest';
import { Sidebar } from './pages/Sidebar';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/**
 * Upload V2 ingest (issue 3, item 2): the team's Owner opens /upload-v2 and browses the CT and GE MR
 * corpora with a NIfTI, an unsupported file and a duplicate; counters, toast, studies and series show.
 */
describe.skipIf(e2eSkipReason())('upload V2 ingest, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Olga Owner');
  const team = { title: 'Upload Lab', slug: 'upload-lab' };
  const temp = mkdtempSync(path.join(os.tmpdir(), 'voxa-upload-e2e-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let person: Person;

  it('signs the Owner in on a new team, where the sidebar links to Upload', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    const { page } = person;
    const sidebar = new Sidebar(page);
    await sidebar.link('Upload').click();
    await page.waitForURL(`${e2e.server.teamUrl(team.slug)}/upload-v2`);
  });

  it('reads a drop: counters per kind, one toast, studies and series', async () => {
    const { page } = person;
    const upload = new UploadPage(page);
    await upload.heading.waitFor();
    expect(await upload.state.textContent()).toBe('ready');
    await expect(upload.next.isDisabled()).resolves.toBe(true);

    const notes = path.join(temp, 'notes.txt');
    writeFileSync(notes, 'not an image\n');
    const ctSlice = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE/01.dcm');
    const copy = path.join(temp, '01.dcm');
    copyFileSync(ctSlice, copy);
    const paths = [
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct')),
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih/20180918GE')),
      path.join(TESTDATA_DIR, 'nifti/nibabel/anatomical.nii'),
      notes,
      copy,
    ];
    const expected = classifyAll(
      paths.map((p) => ({ name: path.basename(p), size: statSync(p).size })),
    ).counts;
    expect(expected.duplicate).toBe(1);

    await upload.browse(paths);
    await upload.toast(UNSUPPORTED_FILE_MESSAGE).waitFor();
    // Counted at once: toasts close by themselves, and reading can outlast one.
    await expect(upload.toast(UNSUPPORTED_FILE_MESSAGE).count()).resolves.toBe(1);
    await upload.waitUntilRead();
    await screenshot(page, 'upload-v2-read');

    for (const kind of ['dcm', 'nii', 'compressed', 'unsupported', 'duplicate'] as const) {
      expect(await upload.count(kind), kind).toBe(expected[kind]);
    }

    expect(await upload.patientNames()).toEqual(
      expect.arrayContaining(['REMOVED', 'HEAD', 'Test Regression', 'Unknown Patient']),
    );
    expect(await upload.seriesOf('REMOVED')).toContainEqual(
      expect.objectContaining({ number: '2', modality: 'CT', slices: 28, selected: true }),
    );
    const mr = await upload.seriesOf('Test Regression');
    expect(mr.map((s) => [s.number, s.modality, s.slices])).toEqual([
      ['4', 'MR', 150],
      ['5', 'MR', 150],
      ['6', 'MR', 150],
      ['7', 'MR', 150],
    ]);
    expect(await upload.seriesOf('Unknown Patient')).toEqual([
      { number: '?', modality: 'CT', slices: 25, frames: 1, selected: true },
    ]);
    // A series of 1 to 5 images without frames starts deselected.
    expect(await upload.seriesOf('HEAD')).toContainEqual(
      expect.objectContaining({ number: '100', selected: false }),
    );
  });

  it('takes a folder dragged onto the drop zone; an empty file and a 0-slice NIfTI in it are reported', async () => {
    const { page } = person;
    const upload = new UploadPage(page);
    const folder = path.join(temp, 'dragged');
    mkdirSync(path.join(folder, 'inner'), { recursive: true });
    writeFileSync(path.join(folder, 'inner', 'empty.dcm'), '');
    const nifti = readFileSync(path.join(TESTDATA_DIR, 'nifti/nibabel/anatomical.nii'));
    const header = Buffer.from(nifti.subarray(0, 352));
    header.writeInt16LE(0, 46); // dim[3]: no slices
    writeFileSync(path.join(folder, 'inner', 'zero.nii'), header);
    const before = { dcm: await upload.count('dcm'), nii: await upload.count('nii') };

    await upload.dropOnZone([folder]);
    await page
      .getByTestId('count-nii')
      .filter({ hasText: String(before.nii + 1) })
      .waitFor();
    await upload.waitUntilRead();
    expect(await upload.count('dcm')).toBe(before.dcm + 1);
    const rows = page.getByTestId('file-row');
    await expect(rows.filter({ hasText: 'dragged/inner/empty.dcm' }).innerText()).resolves.toContain(
      'Empty file',
    );
    await expect(rows.filter({ hasText: 'dragged/inner/zero.nii' }).innerText()).resolves.toContain(
      NIFTI_ZERO_SLICES_ERROR,
    );
  });

  it('filters the file list by a counter, takes a folder, and moves on with Next', async () => {
    const { page } = person;
    const upload = new UploadPage(page);
    await page.getByTestId('count-unsupported').click();
    const rows = page.getByTestId('file-row');
    await expect(rows.count()).resolves.toBe(await upload.count('unsupported'));
    expect(await rows.allInnerTexts()).toContainEqual(expect.stringContaining('notes.txt'));
    await page.getByTestId('count-unsupported').click();

    // A folder of files already read: every file repeats a name and size, so all are duplicates.
    const before = await upload.count('duplicate');
    await upload.browseFolder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE'));
    await page
      .getByTestId('count-duplicate')
      .filter({ hasText: String(before + 28) })
      .waitFor();
    await upload.waitUntilRead();
    await upload.next.click();
    await page.getByTestId('upload-state').filter({ hasText: 'preview' }).waitFor();
    expect(person.errors).toEqual([]);
  });
});
