import type { Permission } from '@voxa/contracts';

export interface NavLinkItem {
  label: string;
  to: string;
  permission: Permission;
  /** Further permissions the link needs besides `permission` (Upload V2 needs r:upload and r:upload-v2). */
  alsoNeeds?: readonly Permission[];
  /**
   * home: shown on the base domain to everyone, in a team with the permission;
   * team: only in a team, with the permission; admin: administrators holding the permission (the
   * admin API is administrator-only, so a team role's r:users alone must not show a link to a 403).
   */
  area: 'home' | 'team' | 'admin';
}

/** The sidebar links of spec section 2.3, in its order, each shown only with its permission. */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Dashboard', to: '/dashboard', permission: 'r:dashboard', area: 'home' },
  {
    label: 'Upload',
    to: '/upload-v2',
    permission: 'r:upload',
    alsoNeeds: ['r:upload-v2'],
    area: 'team',
  },
  { label: 'Upload history', to: '/uploads', permission: 'admin', area: 'team' },
  { label: 'Studies', to: '/studies-v2', permission: 'r:studies', area: 'team' },
  { label: 'Structures', to: '/structures', permission: 'r:structures', area: 'team' },
  { label: 'Segmentations', to: '/segmentations', permission: 'r:segmentations', area: 'team' },
  { label: 'Reviews', to: '/reviews', permission: 'r:reviews', area: 'team' },
  {
    label: 'Transfer functions',
    to: '/transfer-functions',
    permission: 'r:transfer-functions',
    area: 'team',
  },
  { label: 'AI Models', to: '/ai2-model', permission: 'r:ai-models', area: 'team' },
  { label: 'AI Trainings', to: '/ai2-trainings', permission: 'r:ai-trainings', area: 'team' },
  { label: 'AI Infers', to: '/ai-infers', permission: 'r:ai-infers', area: 'team' },
  { label: 'Team', to: '/members', permission: 'r:team', area: 'team' },
  { label: 'XR Sessions', to: '/admin/xr-sessions', permission: 'r:xr-sessions', area: 'team' },
  { label: 'XR Workers', to: '/admin/xr-workers', permission: 'r:xr-workers', area: 'team' },
  { label: 'Pipelines', to: '/pipeline', permission: 'r:pipeline', area: 'team' },
  { label: 'Flows', to: '/flow', permission: 'r:flow', area: 'team' },
  { label: 'Users', to: '/admin/users', permission: 'r:users', area: 'admin' },
  { label: 'API Users', to: '/admin/api/users', permission: 'r:api-users', area: 'team' },
  { label: 'Invitations', to: '/admin/invitations', permission: 'r:invitations', area: 'admin' },
  { label: 'Teams', to: '/admin/teams', permission: 'r:teams', area: 'admin' },
  { label: 'AI prompts', to: '/ai-prompt', permission: 'admin', area: 'team' },
  { label: 'Roles', to: '/admin/roles', permission: 'r:roles', area: 'admin' },
  { label: 'Permissions', to: '/admin/permissions', permission: 'r:permissions', area: 'admin' },
  { label: 'Log sessions', to: '/admin/log', permission: 'r:log-session', area: 'team' },
  { label: 'Audit trail', to: '/admin/audit', permission: 'r:log-session', area: 'team' },
];

export function visibleLinks(
  links: readonly NavLinkItem[],
  inTeam: boolean,
  has: (permission: Permission) => boolean,
): NavLinkItem[] {
  return links.filter((link) => {
    if (!(link.alsoNeeds ?? []).every(has)) return false;
    switch (link.area) {
      case 'home':
        return !inTeam || has(link.permission);
      case 'team':
        return inTeam && has(link.permission);
      case 'admin':
        return has('admin') && has(link.permission);
    }
  });
}
