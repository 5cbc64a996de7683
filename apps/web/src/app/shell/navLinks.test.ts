import type { Permission } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { NAV_LINKS, visibleLinks } from './navLinks';

const holding =
  (...held: Permission[]) =>
  (p: Permission) =>
    held.includes(p);
const labels = (inTeam: boolean, has: (p: Permission) => boolean) =>
  visibleLinks(NAV_LINKS, inTeam, has).map((l) => l.label);

describe('visibleLinks', () => {
  it('shows team links only with their permission', () => {
    expect(labels(true, holding('r:dashboard', 'r:team'))).toEqual(['Dashboard', 'Team']);
    expect(labels(true, holding('r:dashboard'))).toEqual(['Dashboard']);
  });
  it('shows Upload in a team only with both r:upload and r:upload-v2', () => {
    expect(labels(true, holding('r:dashboard', 'r:upload', 'r:upload-v2'))).toEqual(['Dashboard', 'Upload']);
    expect(labels(true, holding('r:dashboard', 'r:upload'))).toEqual(['Dashboard']);
    expect(labels(true, holding('r:dashboard', 'r:upload-v2'))).toEqual(['Dashboard']);
  });
  it('shows AI prompts to administrators in a team only, in the spec’s order (after Teams, before Roles)', () => {
    expect(labels(true, holding('r:dashboard', 'r:teams', 'r:roles', 'admin'))).toEqual([
      'Dashboard',
      'Upload history',
      'Teams',
      'AI prompts',
      'Roles',
    ]);
    expect(labels(true, holding('r:dashboard', 'r:teams', 'r:roles'))).not.toContain('AI prompts');
    expect(labels(false, holding('r:dashboard', 'admin'))).not.toContain('AI prompts');
  });
  it('shows Studies with r:studies and Upload history to administrators, in a team', () => {
    expect(labels(true, holding('r:dashboard', 'r:studies'))).toEqual(['Dashboard', 'Studies']);
    expect(labels(true, holding('r:dashboard', 'r:studies', 'admin'))).toEqual([
      'Dashboard',
      'Upload history',
      'Studies',
      'AI prompts',
    ]);
  });
  it('shows Structures and Segmentations in a team with their permissions', () => {
    expect(labels(true, holding('r:dashboard', 'r:structures', 'r:segmentations'))).toEqual([
      'Dashboard',
      'Structures',
      'Segmentations',
    ]);
    expect(labels(false, holding('r:structures', 'r:segmentations'))).toEqual(['Dashboard']);
  });
  it('shows Transfer functions after Segmentations in a team with r:transfer-functions', () => {
    expect(labels(true, holding('r:dashboard', 'r:segmentations', 'r:transfer-functions'))).toEqual([
      'Dashboard',
      'Segmentations',
      'Transfer functions',
    ]);
    expect(labels(true, holding('r:dashboard', 'r:studies'))).not.toContain('Transfer functions');
  });
  it('shows AI Models after Transfer functions in a team with r:ai-models', () => {
    expect(labels(true, holding('r:dashboard', 'r:transfer-functions', 'r:ai-models'))).toEqual([
      'Dashboard',
      'Transfer functions',
      'AI Models',
    ]);
    expect(labels(false, holding('r:ai-models'))).toEqual(['Dashboard']);
  });
  it('shows AI Infers after AI Models and before Team with r:ai-infers', () => {
    expect(labels(true, holding('r:dashboard', 'r:ai-models', 'r:ai-infers', 'r:team'))).toEqual([
      'Dashboard',
      'AI Models',
      'AI Infers',
      'Team',
    ]);
    expect(labels(true, holding('r:dashboard', 'r:ai-models'))).not.toContain('AI Infers');
    expect(labels(false, holding('r:ai-infers'))).toEqual(['Dashboard']);
  });
  it('shows AI Trainings between AI Models and AI Infers with r:ai-trainings', () => {
    expect(labels(true, holding('r:dashboard', 'r:ai-models', 'r:ai-trainings', 'r:ai-infers'))).toEqual([
      'Dashboard',
      'AI Models',
      'AI Trainings',
      'AI Infers',
    ]);
    expect(labels(true, holding('r:dashboard', 'r:ai-models'))).not.toContain('AI Trainings');
    expect(labels(false, holding('r:ai-trainings'))).toEqual(['Dashboard']);
  });
  it('shows Pipelines and Flows after Team, each with its permission', () => {
    expect(labels(true, holding('r:dashboard', 'r:team', 'r:pipeline', 'r:flow'))).toEqual([
      'Dashboard',
      'Team',
      'Pipelines',
      'Flows',
    ]);
    expect(labels(true, holding('r:dashboard', 'r:flow'))).toEqual(['Dashboard', 'Flows']);
    expect(labels(false, holding('r:pipeline', 'r:flow'))).toEqual(['Dashboard']);
  });
  it('shows XR Sessions and XR Workers between Team and Pipelines, each with its own permission', () => {
    expect(
      labels(true, holding('r:dashboard', 'r:team', 'r:xr-sessions', 'r:xr-workers', 'r:pipeline')),
    ).toEqual(['Dashboard', 'Team', 'XR Sessions', 'XR Workers', 'Pipelines']);
    expect(labels(true, holding('r:dashboard', 'r:xr-sessions'))).toEqual(['Dashboard', 'XR Sessions']);
    expect(labels(true, holding('r:dashboard', 'r:xr-workers'))).toEqual(['Dashboard', 'XR Workers']);
    expect(labels(false, holding('r:xr-sessions', 'r:xr-workers'))).toEqual(['Dashboard']);
  });
  it('shows every link of spec section 2.3, in its order, then Audit trail (decision 0065), to a team member holding every permission', () => {
    expect(labels(true, () => true)).toEqual([
      'Dashboard',
      'Upload',
      'Upload history',
      'Studies',
      'Structures',
      'Segmentations',
      'Reviews',
      'Transfer functions',
      'AI Models',
      'AI Trainings',
      'AI Infers',
      'Team',
      'XR Sessions',
      'XR Workers',
      'Pipelines',
      'Flows',
      'Users',
      'API Users',
      'Invitations',
      'Teams',
      'AI prompts',
      'Roles',
      'Permissions',
      'Log sessions',
      'Audit trail',
    ]);
  });
  it.each(NAV_LINKS.filter((link) => link.area !== 'home').map((link) => [link.label, link] as const))(
    'shows %s exactly to holders of its permission',
    (_label, link) => {
      const needed = [link.permission, ...(link.alsoNeeds ?? [])];
      // Admin-area links also need the administrator flag (their API is administrator-only).
      const full = link.area === 'admin' ? [...needed, 'admin' as const] : needed;
      expect(labels(true, holding(...full))).toContain(link.label);
      for (const missing of full)
        expect(labels(true, holding(...full.filter((p) => p !== missing)))).not.toContain(link.label);
    },
  );
  it('shows Reviews between Segmentations and Transfer functions with r:reviews', () => {
    expect(
      labels(true, holding('r:dashboard', 'r:segmentations', 'r:reviews', 'r:transfer-functions')),
    ).toEqual(['Dashboard', 'Segmentations', 'Reviews', 'Transfer functions']);
    expect(labels(true, holding('r:dashboard', 'r:segmentations'))).not.toContain('Reviews');
  });
  it('shows API Users after Flows in a team with r:api-users (decision 0058)', () => {
    expect(labels(true, holding('r:dashboard', 'r:flow', 'r:api-users'))).toEqual([
      'Dashboard',
      'Flows',
      'API Users',
    ]);
    expect(labels(false, holding('r:api-users'))).toEqual(['Dashboard']);
  });

  it('shows Log sessions and then Audit trail last, in a team, with r:log-session', () => {
    expect(labels(true, holding('r:dashboard', 'r:flow', 'r:log-session'))).toEqual([
      'Dashboard',
      'Flows',
      'Log sessions',
      'Audit trail',
    ]);
    expect(labels(true, () => true).slice(-2)).toEqual(['Log sessions', 'Audit trail']);
    expect(labels(true, holding('r:dashboard', 'r:flow'))).not.toContain('Audit trail');
    expect(labels(false, holding('r:log-session'))).toEqual(['Dashboard']);
  });
  it('shows only the dashboard on the base domain', () => {
    expect(labels(false, holding())).toEqual(['Dashboard']);
  });
  it('keeps admin links from team roles that hold r:users', () => {
    expect(labels(true, holding('r:dashboard', 'r:team', 'r:users'))).toEqual(['Dashboard', 'Team']);
  });
  it('shows admin links to administrators', () => {
    expect(labels(false, () => true)).toEqual([
      'Dashboard',
      'Users',
      'Invitations',
      'Teams',
      'Roles',
      'Permissions',
    ]);
  });
});
