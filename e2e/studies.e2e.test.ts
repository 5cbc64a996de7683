import { describe, expect, it } from 'vitest';
import { Sidebar } from './pages/Sidebar';
import { StudiesPage } from './pages/StudiesPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { seedStudies } from './support/seedStudies';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 5's studies list in the browser: 17 stored studies, 15 a page newest first, the second page,
 * the slideshow frames of the newest, the label filter, the upload history leading back to its
 * studies, a favourite that survives a reload and shows in the header's heart dropdown.
 */
describe.skipIf(e2eSkipReason())('studies list, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Stella Studies');
  const team = { title: 'Studies Lab', slug: 'studies-lab' };
  let person: Person;
  let studies: StudiesPage;

  it('reaches the list from the sidebar once the team holds 17 studies', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    await e2e.restart(() => seedStudies(e2e.server.dataDir, team.slug, 17));
    const { page } = person;
    await page.goto(`${e2e.server.teamUrl(team.slug)}/dashboard`);
    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    await sidebar.link('Studies').click();
    await page.waitForURL(`${e2e.server.teamUrl(team.slug)}/studies-v2`);
    studies = new StudiesPage(page);
    await studies.table.waitFor();
  });

  it('shows 15 studies newest first, the total, labels and the newest one’s slideshow', async () => {
    await studies.firstRowIs('ANON-0017');
    expect(await studies.patientNames()).toEqual(
      Array.from({ length: 15 }, (_, i) => `ANON-${String(17 - i).padStart(4, '0')}`),
    );
    expect(await studies.total.innerText()).toBe('17 studies');
    const first = studies.rows.first();
    await first.getByText('Liver').waitFor();
    const frame = first.getByTestId('slideshow-frame');
    await frame.waitFor();
    await expect
      .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await expect(studies.rows.nth(1).getByTestId('slideshow-empty').count()).resolves.toBe(1);
    await screenshot(person.page, 'studies-list');
  });

  it('pages to the last two studies', async () => {
    await studies.pageButton(2).click();
    await studies.firstRowIs('ANON-0002');
    expect(await studies.patientNames()).toEqual(['ANON-0002', 'ANON-0001']);
    expect(new URL(person.page.url()).searchParams.get('page')).toBe('2');
  });

  it('filters by label', async () => {
    const { page } = person;
    await page.getByRole('textbox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'Liver' }).click();
    await studies.firstRowIs('ANON-0017');
    await expect.poll(() => studies.rows.count()).toBe(1);
    expect(await studies.total.innerText()).toBe('1 study');
  });

  it('lists the upload batch in the upload history, which leads to its studies', async () => {
    const { page } = person;
    // The Owner installed the server, so is an administrator: Upload history shows.
    await new Sidebar(page).link('Upload history').click();
    await page.waitForURL(`${e2e.server.teamUrl(team.slug)}/uploads`);
    const row = page.getByTestId('upload-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await row.getByRole('link', { name: '17 studies' }).click();
    await page.waitForURL((url) => url.pathname === '/studies-v2' && url.searchParams.has('bupload_id'));
    await studies.firstRowIs('ANON-0017');
    expect(await studies.total.innerText()).toBe('17 studies');
  });

  it('keeps a favourite across a reload', async () => {
    const { page } = person;
    await studies.favoriteToggle('ANON-0017').click();
    await expect.poll(() => studies.favoriteToggle('ANON-0017').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => studies.favoriteToggle('ANON-0017').getAttribute('aria-pressed')).toBe('true');
    const stored = await page.evaluate(() => localStorage.getItem('favorite'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
  });

  it('lists the favourite in the header’s heart dropdown, and removes it there', async () => {
    const { page } = person;
    await page.getByRole('button', { name: 'Favorite studies' }).click();
    const menu = page.getByTestId('favourites-menu');
    await menu.getByText('Favorite studies').waitFor();
    await menu.getByTestId('favourite-item').filter({ hasText: 'ANON-0017' }).waitFor();
    await screenshot(page, 'favorites-menu');
    await menu.getByRole('button', { name: 'Remove ANON-0017 from favorites' }).click();
    await menu.getByText('No items').waitFor();
    // The list follows: its heart is empty again.
    await expect.poll(() => studies.favoriteToggle('ANON-0017').getAttribute('aria-pressed')).toBe('false');
  });
});
