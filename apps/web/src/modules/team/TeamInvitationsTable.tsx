import { Badge, Table, Text } from '@mantine/core';
import type { TeamInvitation } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataTable } from '../../ui/DataTable';

export interface TeamInvitationsTableProps {
  invitations: readonly TeamInvitation[];
  onRevoke: (id: number) => void;
}

const STATUS = {
  pending: { label: 'Pending', color: 'yellow' },
  accept: { label: 'Accepted', color: 'green' },
  decline: { label: 'Declined', color: 'gray' },
} as const;

export function TeamInvitationsTable({ invitations, onRevoke }: TeamInvitationsTableProps) {
  if (invitations.length === 0) return <Text c="dimmed">No invitations yet.</Text>;
  return (
    <DataTable
      testId="team-invitations-table"
      minWidth={640}
      columns={['E-mail', 'Role', 'Status', 'Invited by', 'Date', '']}
    >
      {invitations.map((inv) => (
        <Table.Tr key={inv.id} data-testid={`team-invitation-${inv.id}`}>
          <Table.Td>{inv.email}</Table.Td>
          <Table.Td>{inv.role.name}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={STATUS[inv.status].color}>
              {STATUS[inv.status].label}
            </Badge>
          </Table.Td>
          <Table.Td>{inv.invited_by ?? ''}</Table.Td>
          <Table.Td>{formatDate(inv.created_at)}</Table.Td>
          <Table.Td ta="right">
            {inv.status === 'pending' && (
              <ConfirmButton
                label="Withdraw"
                ariaLabel={`Withdraw invitation for ${inv.email}`}
                question={`Withdraw the invitation for ${inv.email}?`}
                onConfirm={() => onRevoke(inv.id)}
              />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
