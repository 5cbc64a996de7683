import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { useUser } from '../../app/session/useUser';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { MembersTable } from './MembersTable';
import { useChangeMemberRole, useRemoveMember, useRoleList, useTeamMembers } from './useTeamApi';

/** /members and /team/users: the team's members and their roles. */
export function MembersPage() {
  const has = useCan();
  const { data: user } = useUser();
  const members = useTeamMembers();
  const canChangeRoles = has('r:roles');
  const roles = useRoleList();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();

  return (
    <Stack>
      <PageHeader
        title="Team"
        actions={
          <>
            <Button component={Link} to="/team/invitations">
              Invite members
            </Button>
            <Button component={Link} to="/team/roles" variant="default">
              Roles
            </Button>
            <Button component={Link} to="/team/dicom" variant="default">
              DICOM connectivity
            </Button>
          </>
        }
      />
      {!members.data || !user ? (
        <DataState error={members.error} />
      ) : (
        <MembersTable
          members={members.data}
          roles={roles.data ?? []}
          canChangeRoles={canChangeRoles && roles.isSuccess}
          currentUserId={user.id}
          onRoleChange={(userId, roleId) =>
            changeRole.mutate(
              { userId, roleId },
              { onSuccess: () => notifySuccess('Role has been changed'), onError: notifyError },
            )
          }
          onRemove={(userId) =>
            remove.mutate(userId, {
              onSuccess: () => notifySuccess('Member has been removed'),
              onError: notifyError,
            })
          }
        />
      )}
    </Stack>
  );
}
