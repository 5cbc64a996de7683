import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import * as api from '@voxa/contracts/areas';
import { type Team, type User } from '@voxa/contracts';
import { call } from '../../lib/api';
import { baseOrigin, teamAddress, teamOriginOf } from '../../lib/host';
import { clearToken } from '../../lib/storage';
import { SwitchTeamModal } from './SwitchTeamModal';

export interface UserMenuProps {
  user: User;
  team: Team | undefined;
}

async function signOut(): Promise<void> {
  try {
    await call(api.accounts.logout, { quiet: true });
  } catch (error) {
    console.error('Sign out failed', error);
  }
  clearToken();
  location.assign(`${baseOrigin()}/`);
}

/** The sidebar's user dropdown (spec section 2.3). */
export function UserMenu({ user, team }: UserMenuProps) {
  const [switching, { open, close }] = useDisclosure(false);
  return (
    <>
      <Menu position="top-start" width={230} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="User menu" data-testid="user-menu" w="100%" p="xs">
            <Group gap="sm" wrap="nowrap">
              <Avatar color={user.data.color} radius="xl" size="sm">
                {user.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {team?.title ?? user.email}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {user.name}
            </Text>
            <Text size="xs">{user.email}</Text>
          </Menu.Label>
          <Menu.Item component="a" href={`${baseOrigin()}/`}>
            Go to website
          </Menu.Item>
          <Menu.Divider />
          {team && (
            <Menu.Item component="a" href={`${teamOriginOf(team.slug)}/dashboard`} data-testid="current-team">
              <Text size="sm" fw={600}>
                {team.title}
              </Text>
              <Text size="xs" c="dimmed">
                {teamAddress(team.slug)}
              </Text>
            </Menu.Item>
          )}
          <Menu.Item onClick={open}>Switch team</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void signOut()}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SwitchTeamModal
        opened={switching}
        onClose={close}
        teams={user.teams}
        currentSlug={team?.slug ?? null}
      />
    </>
  );
}
