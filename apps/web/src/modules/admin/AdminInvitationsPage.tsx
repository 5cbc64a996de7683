import { Badge, Stack, Table } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
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
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" data-testid="admin-invitations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
