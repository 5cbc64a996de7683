import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommanderPage } from './pages/CommanderPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { StudiesPage } from './pages/StudiesPage';
import { TESTDATA_DIR } from './support/testdata';

/** A real CT series (GE, dcm2niix's QA set). */
const CT_SERIES = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE');

/**
 * The file commander (issue 17 item 1): an administrator copies a hospital export between the panes with
 * the keyboard and sees its progress, zips the copy, deletes it, unzips the archive, and deletes that;
 * then imports the export into the team's upload flow on the server and finds the study converted.
 */
describe.skipIf(e2eSkipReason())('File commander, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Commander Lab', slug: 'commander-lab' };
  let admin: Person;
  let commander: CommanderPage;
  const root = () => path.join(e2e.server.dataDir, 'import');

  it('an administrator finds the export in the left pane, an empty folder in the right', async () => {
    admin = await ownerOfNewTeam(e2e, newCredentials('Ada Admin'), team);
    await cp(CT_SERIES, path.join(root(), 'export', 'CT-GE'), { recursive: true });
    // A large file makes the copy long enough to report progress on the way.
    await writeFile(path.join(root(), 'export', 'CT-GE', 'raw.bin'), Buffer.alloc(48 * 1024 * 1024, 7));
    await mkdir(path.join(root(), 'work'), { recursive: true });
    commander = new CommanderPage(admin.page);
    await commander.open(e2e.server.teamUrl(team.slug));
    await commander.openPath('left', ['import', 'export']);
    await commander.openPath('right', ['import', 'work']);
    expect(await commander.names('left')).toEqual(['..', 'CT-GE']);
    expect(await commander.names('right')).toEqual(['..']);
  }, 180_000);

  it('F5 copies the folder to the other pane, with its progress', async () => {
    await commander.point('left', 'CT-GE');
    await commander.press('F5');
    await commander.row('right', 'CT-GE').waitFor();
    await commander.waitForDone();
    expect(await commander.progressText()).toMatch(/^(6\d\.\d+ MB) of \1$/);
    const copied = await readdir(path.join(root(), 'work', 'CT-GE'));
    expect(copied).toHaveLength(29);
    expect(await readFile(path.join(root(), 'work', 'CT-GE', '01.dcm'))).toEqual(
      await readFile(path.join(CT_SERIES, '01.dcm')),
    );
    await screenshot(admin.page, 'commander-copied');
  });

  it('zips the copy into the left pane, deletes it with F8, unzips it back', async () => {
    await commander.point('right', 'CT-GE');
    commander.acceptNextDialog();
    await commander.toolbar('Zip');
    await commander.row('left', 'CT-GE.zip').waitFor();
    expect((await stat(path.join(root(), 'export', 'CT-GE.zip'))).size).toBeGreaterThan(1024 * 1024);

    await commander.point('right', 'CT-GE');
    commander.acceptNextDialog();
    await commander.press('F8');
    await commander.row('right', 'CT-GE').waitFor({ state: 'detached' });
    expect(await readdir(path.join(root(), 'work'))).toEqual([]);

    await commander.point('left', 'CT-GE.zip');
    await commander.toolbar('Unzip');
    await commander.row('right', 'CT-GE').waitFor();
    expect(await readdir(path.join(root(), 'work', 'CT-GE', 'CT-GE'))).toHaveLength(29);
  });

  it('deletes the unzipped folder and the archive', async () => {
    await commander.point('right', 'CT-GE');
    commander.acceptNextDialog();
    await commander.press('F8');
    await commander.row('right', 'CT-GE').waitFor({ state: 'detached' });
    await commander.point('left', 'CT-GE.zip');
    commander.acceptNextDialog();
    await commander.press('F8');
    await commander.row('left', 'CT-GE.zip').waitFor({ state: 'detached' });
    expect(await readdir(path.join(root(), 'work'))).toEqual([]);
    expect(await readdir(path.join(root(), 'export'))).toEqual(['CT-GE']);
  });

  it('imports the export folder on the server and finds its study converted in /studies-v2', async () => {
    await commander.point('left', 'CT-GE');
    await commander.toolbar('Import');
    const [uuid, ...others] = await commander.importedStudies();
    expect(others).toEqual([]);
    const studies = new StudiesPage(admin.page);
    await studies.open(e2e.server.teamUrl(team.slug));
    const row = studies.row(uuid ?? '');
    // Converted on the server: the row's slideshow shows the series' frames.
    for (let i = 0; i < 60 && (await row.getByTestId('slideshow-frame').count()) === 0; i++) {
      await admin.page.waitForTimeout(1000);
      await studies.reload.click();
    }
    await row.getByTestId('slideshow-frame').first().waitFor();
    await screenshot(admin.page, 'commander-imported-study');
  }, 120_000);
});
