import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GZIP_DAMAGED_ERROR, GZIP_NOT_DICOM_ERROR, unsupportedReason } from '@voxa/imaging';
import { afterAll, describe, expect, it } from 'vitest';
import { SeriesPreviewTile } from './pages/SeriesPreviewTile';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { TESTDATA_DIR } from './support/testdata';

/**
 * Gzipped DICOM on the page (issue 10, item 2): a scanner export of `.dcm.gz` files (a GE CT series and a
 * Philips enhanced MR, gzipped from the corpus here) is counted and previewed as DICOM; a `.gz` holding
 * text, a cut-short `.dcm.gz` and a text file count unsupported, each row saying why.
 */
describe.skipIf(e2eSkipReason())('gzipped DICOM on the upload page, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Gina Gzip');
  const team = { title: 'Gzip Lab', slug: 'gzip-lab' };
  const temp = mkdtempSync(path.join(os.tmpdir(), 'voxa-gzip-e2e-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let person: Person;

  /** Writes `name` into the temp folder and answers its path. */
  const put = (name: string, bytes: Uint8Array | string) => {
    writeFileSync(path.join(temp, name), bytes);
    return path.join(temp, name);
  };
  const gzipOf = (relative: string) => gzipSync(readFileSync(path.join(TESTDATA_DIR, relative)));

  it('opens /upload-v2 as the Owner of a new team', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    await new UploadPage(person.page).open(e2e.server.teamUrl(team.slug));
  });

  it('counts dropped .dcm.gz files as DICOM and groups them into their series', async () => {
    const upload = new UploadPage(person.page);
    const ct = Array.from({ length: 28 }, (_, i) => {
      const name = `${String(i + 1).padStart(2, '0')}.dcm`;
      return put(`${name}.gz`, gzipOf(`dicom/dcm_qa_ct/GE/${name}`));
    });
    const whole = gzipOf('dicom/dcm_qa_ct/GE/01.dcm');
    await upload.browse([
      ...ct,
      put('IM_0027_fMAP.dcm.gz', gzipOf('dicom/dcm_qa_enh/Philips/IM_0027_fMAP.dcm')),
      put('list.gz', gzipSync('a list of patients, not an image')),
      put('cut.dcm.gz', whole.subarray(0, whole.length - 500)),
      put('notes.txt', 'not an image'),
    ]);
    await upload.waitUntilRead();
    expect(await upload.count('dcm')).toBe(29);
    expect(await upload.count('unsupported')).toBe(3);
    expect(await upload.seriesOf('REMOVED')).toEqual([
      { number: '2', modality: 'CT', slices: 28, frames: 1, selected: true },
    ]);
    expect(await upload.seriesOf('ROGERS_20180526')).toEqual([
      expect.objectContaining({ number: '801', modality: 'MR', frames: 64 }),
    ]);
  });

  it('previews the gzipped series with real pixels, and slides through the CT', async () => {
    const { page } = person;
    for (const label of ['2', '801']) {
      const tile = new SeriesPreviewTile(page, label);
      await tile.waitForImage();
      expect((await tile.imageStats()).lit, `serie ${label} is not black`).toBeGreaterThan(0.05);
    }
    const ct = new SeriesPreviewTile(page, '2');
    const before = await ct.imageStats();
    await ct.slider.focus();
    await page.keyboard.press('Home');
    await ct.root.locator('[data-testid="preview-image"][data-slice="0"]').waitFor();
    // The slice number can show before its image has been swapped in.
    await expect.poll(async () => (await ct.imageStats()).checksum).not.toBe(before.checksum);
    await screenshot(page, 'upload-v2-gzip-previews');
  });

  it('says in its row why each unsupported file is not read', async () => {
    const upload = new UploadPage(person.page);
    await upload.filterFiles('unsupported');
    const rows = await upload.fileRows();
    expect(rows.map(({ file, note }) => [file, note]).sort()).toEqual(
      [
        ['cut.dcm.gz', GZIP_DAMAGED_ERROR],
        ['list.gz', GZIP_NOT_DICOM_ERROR],
        ['notes.txt', unsupportedReason({ name: 'notes.txt', size: 12 })],
      ].sort(),
    );
    expect(rows.every((row) => row.kind === 'unsupported')).toBe(true);
    expect(person.errors).toEqual([]);
  });
});
