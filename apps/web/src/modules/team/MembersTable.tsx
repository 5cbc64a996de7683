import { Avatar, Group, Select, Table, Text } from '@mantine/core';
import type { TeamMember } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataTable } from '../../ui/DataTable';

export interface MembersTableProps {
  members: readonly TeamMember[];
  roles: readonly { id: number; name: string }[];
  canChangeRoles: boolean;
  currentUserId: number;
  onRoleChange: (userId: number, roleId: number) => void;
  onRemove: (userId: number) => void;
}

export function MembersTable({
  members,
  roles,
  canChangeRoles,
  currentUserId,
  onRoleChange,
  onRemove,
}: MembersTableProps) {
  const options = roles.map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <DataTable testId="members-table" minWidth={640} columns={['Name', 'E-mail', 'Role', 'Joined', '']}>
      {members.map((m) => (
        <Table.Tr key={m.id} data-testid={`member-${m.id}`}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Avatar size="sm" radius="xl" color={m.data.color}>
                {m.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm">{m.name}</Text>
            </Group>
          </Table.Td>
          <Table.Td>{m.email}</Table.Td>
          <Table.Td>
            {canChangeRoles ? (
              <Select
                size="xs"
                data={options}
                value={String(m.role.id)}
                allowDeselect={false}
                aria-label={`Role of ${m.name}`}
                onChange={(v) => v && Number(v) !== m.role.id && onRoleChange(m.id, Number(v))}
              />
            ) : (
              m.role.name
            )}
          </Table.Td>
          <Table.Td>{formatDate(m.joined_at)}</Table.Td>
          <Table.Td ta="right">
            {m.id !== currentUserId && (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove ${m.name}`}
                question={`Remove ${m.name} from the team?`}
                onConfirm={() => onRemove(m.id)}
              />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
