import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useUser } from '../../app/session/useUser';
import { formatDate } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { SearchInput } from '../../ui/SearchInput';
import { notifyError } from '../../ui/notify';
import { useActAs, useAdminUsers } from './useAdminApi';

export function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useAdminUsers(debounced);
  const { data: me } = useUser();
  const actAs = useActAs();
  return (
    <Stack>
      <PageHeader title="Users" />
      <SearchInput value={search} onChange={setSearch} />
      {!users.data ? (
        <DataState error={users.error} />
      ) : (
        <DataTable
          testId="admin-users-table"
          minWidth={800}
          columns={['Name', 'E-mail', 'Teams', 'Registered', '']}
        >
          {users.data.map((u) => (
            <Table.Tr key={u.id} data-testid={`admin-user-${u.id}`}>
              <Table.Td>
                <Group gap={6}>
                  {u.name}
                  {u.is_admin && <Badge size="xs">admin</Badge>}
                  {!u.email_verified_at && (
                    <Badge size="xs" color="gray">
                      unverified
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>
                <Text size="sm">{u.teams.map((t) => `${t.title} (${t.role})`).join(', ')}</Text>
              </Table.Td>
              <Table.Td>{formatDate(u.created_at)}</Table.Td>
              <Table.Td ta="right">
                {u.id !== me?.id && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Act as ${u.name}`}
                    loading={actAs.isPending && actAs.variables === u.id}
                    onClick={() => actAs.mutate(u.id, { onError: notifyError })}
                  >
                    Act as
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
