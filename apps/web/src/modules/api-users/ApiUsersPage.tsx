import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatRelative } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { NewApiUserForm } from './NewApiUserForm';
import { useApiUserChanges, useApiUsers } from './useApiUsersApi';

/**
 * /admin/api/users (r:api-users): the team's API users (service accounts with a role, decision 0058),
 * their active tokens and last use; created here, deleted here (their tokens stop working at once).
 */
export function ApiUsersPage() {
  const list = useApiUsers();
  const { remove } = useApiUserChanges();
  return (
    <Stack gap={0}>
      <PageHeader
        title="API users"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading API users" />}
      />
      <NewApiUserForm />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="api-users-empty">
          No API users yet: create one, then give it a token.
        </Text>
      ) : (
        <DataTable
          testId="api-users"
          minWidth={640}
          columns={['Name', 'Role', 'Active tokens', 'Last used', '']}
        >
          {list.data.map((user) => (
            <Table.Tr key={user.id} data-testid="api-user" data-name={user.name}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/api/detail/${user.id}`}>
                  {user.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{user.role.name}</Table.Td>
              <Table.Td>{user.active_tokens}</Table.Td>
              <Table.Td>{user.last_used_at ? formatRelative(user.last_used_at) : 'Never'}</Table.Td>
              <Table.Td>
                <ConfirmButton
                  label="Delete"
                  ariaLabel={`Delete ${user.name}`}
                  question={`Delete ${user.name}? Its tokens stop working at once.`}
                  onConfirm={() =>
                    remove.mutate(user.id, {
                      onSuccess: () => notifySuccess(`${user.name} has been deleted`),
                      onError: notifyError,
                    })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
