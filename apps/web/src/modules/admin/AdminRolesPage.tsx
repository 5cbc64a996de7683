import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { RoleEditModal } from './RoleEditModal';
import { useAdminRoles, useUpdateAdminRole } from './useAdminApi';

export function AdminRolesPage() {
  const roles = useAdminRoles();
  const update = useUpdateAdminRole();
  const [editing, setEditing] = useState<number | null>(null);
  const role = roles.data?.find((r) => r.id === editing);
  return (
    <Stack>
      <PageHeader title="Roles" />
      {!roles.data ? (
        <DataState error={roles.error} />
      ) : (
        <DataTable
          testId="admin-roles-table"
          minWidth={760}
          columns={['Team', 'Role', 'Members', 'Permissions', '']}
        >
          {roles.data.map((r) => (
            <Table.Tr key={r.id} data-testid={`admin-role-${r.id}`}>
              <Table.Td>{r.team.title}</Table.Td>
              <Table.Td>
                {r.name}
                {r.is_default && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (default)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.members_count}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" maw={420}>
                  {r.permissions.join(', ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Edit ${r.name} of ${r.team.title}`}
                  onClick={() => setEditing(r.id)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {role && (
        <RoleEditModal
          key={role.id}
          title={`${role.name} · ${role.team.title}`}
          initial={role.permissions}
          saving={update.isPending}
          onClose={() => setEditing(null)}
          onSave={(permissions) =>
            update.mutate(
              { roleId: role.id, permissions },
              {
                onSuccess: () => {
                  notifySuccess(`Role ${role.name} has been updated`);
                  setEditing(null);
                },
                onError: notifyError,
              },
            )
          }
        />
      )}
    </Stack>
  );
}
