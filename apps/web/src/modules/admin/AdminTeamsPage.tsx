import { Anchor, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { teamAddress, teamOriginOf } from '../../lib/host';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
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
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" data-testid="admin-teams-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
