import { Anchor, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { teamAddress, teamOriginOf } from '../../lib/host';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { SearchInput } from '../../ui/SearchInput';
import { useAdminTeams } from './useAdminApi';

export function AdminTeamsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const teams = useAdminTeams(debounced);
  return (
    <Stack>
      <PageHeader title="Teams" />
      <SearchInput value={search} onChange={setSearch} />
      {!teams.data ? (
        <DataState error={teams.error} />
      ) : (
        <DataTable
          testId="admin-teams-table"
          minWidth={640}
          columns={['Team', 'Address', 'Members', 'Created']}
        >
          {teams.data.map((t) => (
            <Table.Tr key={t.id} data-testid={`admin-team-${t.slug}`}>
              <Table.Td>{t.title}</Table.Td>
              <Table.Td>
                <Anchor href={`${teamOriginOf(t.slug)}/dashboard`} size="sm">
                  {teamAddress(t.slug)}
                </Anchor>
              </Table.Td>
              <Table.Td>{t.members_count}</Table.Td>
              <Table.Td>{formatDate(t.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
