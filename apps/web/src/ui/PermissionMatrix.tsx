import { Checkbox, Table, Text } from '@mantine/core';
import { ROLE_ASSIGNABLE_PERMISSIONS, type Permission } from '@voxa/contracts';

export interface MatrixRole {
  id: number;
  name: string;
  permissions: readonly Permission[];
}

export interface PermissionMatrixProps {
  roles: readonly MatrixRole[];
  editable: boolean;
  /** The role being saved; its checkboxes are disabled meanwhile. */
  savingRoleId?: number | null;
  onToggle: (role: MatrixRole, permission: Permission, on: boolean) => void;
}

/** Permissions (rows) by roles (columns); each change is saved at once by the caller. */
export function PermissionMatrix({ roles, editable, savingRoleId, onToggle }: PermissionMatrixProps) {
  if (roles.length === 0) return <Text c="dimmed">No roles.</Text>;
  return (
    <Table.ScrollContainer minWidth={200 + roles.length * 110}>
      <Table striped highlightOnHover withTableBorder data-testid="permission-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            {roles.map((r) => (
              <Table.Th key={r.id} ta="center">
                {r.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROLE_ASSIGNABLE_PERMISSIONS.map((permission) => (
            <Table.Tr key={permission}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {permission}
                </Text>
              </Table.Td>
              {roles.map((role) => (
                <Table.Td key={role.id}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${permission} for ${role.name}`}
                    data-testid={`perm-${role.id}-${permission}`}
                    checked={role.permissions.includes(permission)}
                    disabled={!editable || savingRoleId === role.id}
                    onChange={(e) => onToggle(role, permission, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
