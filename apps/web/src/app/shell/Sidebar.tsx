import { Box, NavLink as MantineNavLink, Skeleton, Stack, Text } from '@mantine/core';
import type { Team, User } from '@voxa/contracts';
import { NavLink, useLocation } from 'react-router';
import { useCan } from '../session/usePermissions';
import { NAV_LINKS, visibleLinks, type NavLinkItem } from './navLinks';
import { usePrefetchPages } from './prefetchPages';
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
  const links = ready && user ? visibleLinks(NAV_LINKS, inTeam, has) : [];
  usePrefetchPages(links.map((link) => link.to));
  if (!ready || !user) return <SidebarSkeleton />;
  const item = (link: NavLinkItem) => (
    <MantineNavLink
      key={link.to}
      component={NavLink}
      to={link.to}
      label={link.label}
      active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
      onClick={onNavigate}
      data-testid={`nav${link.to.replace(/\//g, '-')}`}
    />
  );
  const adminLinks = links.filter((l) => l.area === 'admin');
  return (
    <>
      <Box style={{ flex: 1, overflowY: 'auto' }} p="xs">
        <nav aria-label="Main">
          {links.filter((l) => l.area !== 'admin').map(item)}
          {adminLinks.length > 0 && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
              Admin
            </Text>
          )}
          {adminLinks.map(item)}
        </nav>
      </Box>
      <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <UserMenu user={user} team={team} />
      </div>
    </>
  );
}
