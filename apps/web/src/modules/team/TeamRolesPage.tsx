import { Stack, Text } from '@mantine/core';
import { useCan } from '../../app/session/usePermissions';
import { togglePermission } from '../../lib/permissions';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { PermissionMatrix } from '../../ui/PermissionMatrix';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useTeamRoles, useUpdateTeamRole } from './useTeamApi';

export function TeamRolesPage() {
  const has = useCan();
  const roles = useTeamRoles();
  const update = useUpdateTeamRole();
  const editable = has('r:roles');
  return (
    <Stack>
      <PageHeader title="Roles" />
      <Text c="dimmed" size="sm">
        {editable
          ? 'Each role grants its members the permissions ticked below. Changes are saved at once.'
          : 'The permissions each role of this team grants. Only members who may manage roles can change them.'}
      </Text>
      {roles.data ? (
        <PermissionMatrix
          roles={roles.data}
          editable={editable}
          savingRoleId={update.isPending ? update.variables.roleId : null}
          onToggle={(role, permission, on) =>
            update.mutate(
              { roleId: role.id, permissions: togglePermission(role.permissions, permission, on) },
              { onSuccess: () => notifySuccess(`Role ${role.name} has been updated`), onError: notifyError },
            )
          }
        />
      ) : (
        <DataState error={roles.error} />
      )}
    </Stack>
  );
}
