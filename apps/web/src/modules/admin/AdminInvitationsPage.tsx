import { Badge, Stack, Table } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { useAdminInvitations } from './useAdminApi';

const STATUS_COLOR = { pending: 'yellow', accept: 'green', decline: 'gray' } as const;

export function AdminInvitationsPage() {
  const invitations = useAdminInvitations();
  return (
    <Stack>
      <PageHeader title="Invitations" />
      {!invitations.data ? (
        <DataState error={invitations.error} />
      ) : (
        <DataTable
          testId="admin-invitations-table"
          minWidth={760}
          columns={['E-mail', 'Team', 'Role', 'Status', 'Invited by', 'Date']}
        >
          {invitations.data.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>{inv.email}</Table.Td>
              <Table.Td>{inv.team.title}</Table.Td>
              <Table.Td>{inv.role.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[inv.status]}>
                  {inv.status}
                </Badge>
              </Table.Td>
              <Table.Td>{inv.invited_by ?? ''}</Table.Td>
              <Table.Td>{formatDate(inv.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
