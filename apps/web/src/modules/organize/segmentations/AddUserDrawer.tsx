import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { RIGHT_PANEL_WIDTH } from '@voxa/contracts';
import { useCurrentTeam } from '../../../app/session/useCurrentTeam';
import { noAvailableUserMessage } from './rules';
import { useAddUser, useAvailableUsers, type AvailableUsersKey } from './useSegmentationsApi';

/** teams-and-account.md 8, verbatim (its spelling). */
const LOAD_FAILED = 'An error occured while loading data from server';

export interface AddUserDrawerProps {
  studyUuid: string;
  /** The box being filled; null while the panel is closed. */
  target: (AvailableUsersKey & { roleName: string }) | null;
  onClose: () => void;
}

/** The right slide-in panel listing the team users who hold a role and are not in its box yet, each with Add. */
export function AddUserDrawer({ studyUuid, target, onClose }: AddUserDrawerProps) {
  const users = useAvailableUsers(
    target && {
      team_id: target.team_id,
      serie_id: target.serie_id,
      segmentation_id: target.segmentation_id,
      role_id: target.role_id,
    },
  );
  const team = useCurrentTeam();
  const add = useAddUser(studyUuid);
  const role = target?.roleName ?? '';

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={RIGHT_PANEL_WIDTH}
      title={`Add user to ${role}`}
      data-testid="add-user-panel"
    >
      {users.isError ? (
        <Text c="red" role="alert">
          {LOAD_FAILED}
        </Text>
      ) : !users.data ? (
        <Loader size="sm" aria-label="Loading users" />
      ) : users.data.length === 0 ? (
        <Text c="dimmed" data-testid="no-available-user">
          {noAvailableUserMessage(role, team.data?.title ?? '')}
        </Text>
      ) : (
        <Stack gap="xs">
          {users.data.map((user) => (
            <Group key={user.id} justify="space-between" data-testid="available-user">
              <div>
                <Text size="sm">{user.name}</Text>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </div>
              <Button
                size="xs"
                aria-label={`Add ${user.name}`}
                loading={add.isPending && add.variables.user_id === user.id}
                onClick={() =>
                  target &&
                  add.mutate({
                    segmentation_id: target.segmentation_id,
                    user_id: user.id,
                    role_id: target.role_id,
                  })
                }
              >
                Add
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
