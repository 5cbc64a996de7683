import { describe, expect, it } from 'vitest';
import { Sidebar } from './pages/Sidebar';
import { TransferFunctionsPage } from './pages/TransferFunctionsPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 13 item 5 in the browser: the Owner sees the built-in presets, creates a window preset and a
 * colour map (whose preview shows the colours picked), edits the preset, filters by kind and deletes the
 * map; an Annotator, who reads presets in the annotator but lacks r:transfer-functions, has no link and
 * is sent away from the page.
 */
describe.skipIf(e2eSkipReason())('transfer functions page, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Window Lab', slug: 'window-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let annotator: Person;

  it('sets up the Owner and an Annotator', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Wanda Window'), team);
    annotator = await memberOfTeam(e2e, owner, team, newCredentials('Andy Annotator'), 'Annotator');
  });

  it('lists the built-in presets from the sidebar link', async () => {
    await new Sidebar(owner.page).link('Transfer functions').click();
    const tf = new TransferFunctionsPage(owner.page);
    await tf.table.waitFor();
    expect(await tf.row('CT lung').getByTestId('window-values').innerText()).toBe('W 1500 L -600');
    expect(await tf.row('hot').getByText('Built-in').count()).toBe(1);
    expect(await tf.row('hot').getByRole('button', { name: 'Delete hot' }).count()).toBe(0);
  });

  it('creates a window preset; a name already taken shows the server’s message', async () => {
    const tf = new TransferFunctionsPage(owner.page);
    await tf.startNew('New window preset');
    await tf.fill('Name', 'CT lung');
    await tf.panel.getByRole('button', { name: 'Create', exact: true }).click();
    await tf.panel.getByText('A transfer function with this name already exists.').waitFor();
    await tf.fill('Name', 'Wide lung');
    await tf.fill('Width', '1800');
    await tf.fill('Center', '-500');
    await tf.save('Create');
    await tf.toast('Wide lung has been saved').waitFor();
    expect(await tf.row('Wide lung').getByTestId('window-values').innerText()).toBe('W 1800 L -500');
  });

  it('creates a colour map whose live preview shows the picked colours', async () => {
    const tf = new TransferFunctionsPage(owner.page);
    await tf.startNew('New colour map');
    await tf.fill('Name', 'Amber');
    await tf.setPointColour(2, '#ffbf00');
    await expect.poll(() => tf.previewEntry(tf.panel, 255)).toEqual([255, 191, 0, 255]);
    await tf.addPoint();
    await tf.setPointColour(2, '#ff0000');
    // The added point sits half way (128) at full opacity of the ramp there; it is red now.
    await expect.poll(() => tf.previewEntry(tf.panel, 128)).toEqual([255, 0, 0, 128]);
    await screenshot(owner.page, 'transfer-functions-colormap-editor');
    await tf.save('Create');
    await tf.toast('Amber has been saved').waitFor();
    await expect.poll(() => tf.previewEntry(tf.row('Amber'), 255)).toEqual([255, 191, 0, 255]);
  });

  it('edits the window preset and filters by kind', async () => {
    const tf = new TransferFunctionsPage(owner.page);
    await tf.edit('Wide lung');
    await tf.fill('Width', '2000');
    await tf.save('Save');
    await expect
      .poll(() => tf.row('Wide lung').getByTestId('window-values').innerText())
      .toBe('W 2000 L -500');
    await owner.page.getByText('Colour maps', { exact: true }).click();
    await owner.page.waitForURL((url) => url.searchParams.get('kind') === 'colormap');
    await expect.poll(() => tf.kinds()).not.toContain('window');
    expect(await tf.names()).toEqual(expect.arrayContaining(['gray', 'hot', 'Amber']));
  });

  it('deletes the colour map after confirmation', async () => {
    const tf = new TransferFunctionsPage(owner.page);
    await tf.remove('Amber');
    await tf.toast('Amber has been deleted').waitFor();
    await expect.poll(() => tf.names()).not.toContain('Amber');
    await tf.open(teamUrl());
    expect(await tf.names()).toContain('Wide lung');
    expect(await tf.names()).not.toContain('Amber');
  });

  it('shows no link to an Annotator and sends them away from the page', async () => {
    const sidebar = new Sidebar(annotator.page);
    await annotator.page.goto(`${teamUrl()}/dashboard`);
    expect(await sidebar.linkNames()).not.toContain('Transfer functions');
    await annotator.page.goto(`${teamUrl()}/transfer-functions`);
    await annotator.page.waitForURL(`${teamUrl()}/dashboard`);
    await annotator.page.getByText('Not authorized').waitFor();
  });
});
