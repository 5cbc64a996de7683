import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { togglePermission } from '../../lib/permissions';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { PermissionMatrix } from '../../ui/PermissionMatrix';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useAdminRoles, useUpdateAdminRole } from './useAdminApi';

/** Permission × role matrix of one chosen team. */
export function AdminPermissionsPage() {
  const roles = useAdminRoles();
  const update = useUpdateAdminRole();
  const teams = [...new Map((roles.data ?? []).map((r) => [r.team.slug, r.team.title])).entries()];
  const [chosen, setChosen] = useState<string | null>(null);
  const slug = chosen ?? teams[0]?.[0] ?? null;
  const teamRoles = (roles.data ?? []).filter((r) => r.team.slug === slug);
  return (
    <Stack>
      <PageHeader title="Permissions" />
      {!roles.data ? (
        <DataState error={roles.error} />
      ) : (
        <>
          <Select
            label="Team"
            maw={360}
            data={teams.map(([value, label]) => ({ value, label }))}
            value={slug}
            onChange={setChosen}
            allowDeselect={false}
            searchable
          />
          <PermissionMatrix
            roles={teamRoles}
            editable
            savingRoleId={update.isPending ? update.variables.roleId : null}
            onToggle={(role, permission, on) =>
              update.mutate(
                { roleId: role.id, permissions: togglePermission(role.permissions, permission, on) },
                {
                  onSuccess: () => notifySuccess(`Role ${role.name} has been updated`),
                  onError: notifyError,
                },
              )
            }
          />
        </>
      )}
    </Stack>
  );
}
