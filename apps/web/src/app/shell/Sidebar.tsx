import { NavLink as MantineNavLink, ScrollArea, Skeleton, Stack } from '@mantine/core';
import type { Team, User } from '@voxa/contracts';
import { NavLink, useLocation } from 'react-router';
import { useCan } from '../session/usePermissions';
import { NAV_LINKS, visibleLinks } from './navLinks';
import { UserMenu } from './UserMenu';

export interface SidebarProps {
  /** User, team (on a team sub-domain) and permissions have all loaded. */
  ready: boolean;
  user: User | undefined;
  team: Team | undefined;
  inTeam: boolean;
  onNavigate: () => void;
}

function SidebarSkeleton() {
  return (
    <Stack gap="sm" p="xs" data-testid="sidebar-skeleton" aria-busy="true" aria-label="Loading menu">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

export function Sidebar({ ready, user, team, inTeam, onNavigate }: SidebarProps) {
  const has = useCan();
  const { pathname } = useLocation();
  if (!ready || !user) return <SidebarSkeleton />;
  return (
    <>
      <ScrollArea style={{ flex: 1 }} p="xs">
        <nav aria-label="Main">
          {visibleLinks(NAV_LINKS, inTeam, has).map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              label={link.label}
              active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
              onClick={onNavigate}
              data-testid={`nav-${link.to}`}
            />
          ))}
        </nav>
      </ScrollArea>
      <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <UserMenu user={user} team={team} />
      </div>
    </>
  );
}
