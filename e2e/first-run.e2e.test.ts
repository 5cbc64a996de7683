import { describe, expect, it } from 'vitest';
import { DashboardPage } from './pages/DashboardPage';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { setupE2e } from './support/suite';

describe.skipIf(e2eSkipReason())('first run', () => {
  const e2e = setupE2e();

  it('installs, creates a team and opens the dashboard on the base address and the team host with no console error', async () => {
    const team = { title: 'First Run Lab', slug: 'first-run' };
    const owner = await ownerOfNewTeam(e2e, newCredentials('First Owner'), team);
    const { page } = owner;
    const dashboard = new DashboardPage(page);
    for (const origin of [e2e.server.baseUrl, e2e.server.teamUrl(team.slug)]) {
      owner.consoleErrors.length = 0;
      await dashboard.open(origin);
      await dashboard.teamCard(team.title).waitFor();
      // Every call the page makes has answered once the network is quiet.
      await page.waitForLoadState('networkidle');
      expect({ origin, errors: owner.consoleErrors }).toEqual({ origin, errors: [] });
    }
    expect(owner.errors).toEqual([]);
  });
});
