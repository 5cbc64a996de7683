import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SIDEBAR_WIDTH } from '@voxa/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { goToBase } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { Logo } from '../../ui/Logo';
import { GuardedOutlet } from '../GuardedOutlet';
import { useCurrentTeam } from '../session/useCurrentTeam';
import { useCan, usePermissions } from '../session/usePermissions';
import { RealtimeContext, useRealtime } from '../session/useRealtime';
import { useToken } from '../session/useToken';
import { useUser } from '../session/useUser';
import { HeaderBreadcrumbs } from '../shell/HeaderBreadcrumbs';
import { ImpersonationBanner } from '../shell/ImpersonationBanner';
import { Sidebar } from '../shell/Sidebar';
import { FavouritesMenu } from '../../modules/favourites/FavouritesMenu';
import { NotificationsMenu } from '../../modules/notifications/NotificationsMenu';
import { ReloadStudiesButton } from '../../modules/studies/ReloadStudiesButton';
import { UploadProvider } from '../../modules/upload/UploadProvider';

/** The signed-in application: header with breadcrumbs, 240 px sidebar, page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const token = useToken();
  const slug = currentTeamSlug();
  const user = useUser();
  const team = useCurrentTeam();
  const permissions = usePermissions();
  const can = useCan();
  const socket = useRealtime(token, user.data?.id);

  const teamFailed = team.isError;
  useEffect(() => {
    if (teamFailed) void goToBase('/dashboard');
  }, [teamFailed]);

  const ready = user.isSuccess && permissions.data !== undefined && (!slug || team.isSuccess);
  const impersonating = user.data?.impersonator ? user.data.name : null;

  return (
    <RealtimeContext.Provider value={socket}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="md" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor
              component={Link}
              to="/dashboard"
              underline="never"
              c="inherit"
              visibleFrom="sm"
              w={SIDEBAR_WIDTH - 16}
            >
              <Logo size={24} />
            </Anchor>
            <HeaderBreadcrumbs />
            <Group ml="auto" gap="xs" wrap="nowrap">
              <ReloadStudiesButton />
              {/* Favourites are studies of the team: the dropdown needs one, and the right to list them. */}
              {slug && ready && can('r:studies') && <FavouritesMenu />}
              {slug && ready && team.data && <NotificationsMenu teamId={team.data.id} />}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar data-testid="sidebar" aria-label="Sidebar">
          <Sidebar
            ready={ready}
            user={user.data}
            team={team.data}
            inTeam={Boolean(slug)}
            onNavigate={close}
          />
        </AppShell.Navbar>
        <AppShell.Main>
          {impersonating && <ImpersonationBanner name={impersonating} />}
          {/* The upload outlives its route: away from /upload-v2 it floats as the mini panel. */}
          <UploadProvider>
            <GuardedOutlet />
          </UploadProvider>
        </AppShell.Main>
      </AppShell>
    </RealtimeContext.Provider>
  );
}
