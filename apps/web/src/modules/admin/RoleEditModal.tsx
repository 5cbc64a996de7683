import { Button, Checkbox, Group, Modal, SimpleGrid } from '@mantine/core';
import { ROLE_ASSIGNABLE_PERMISSIONS, type Permission } from '@voxa/contracts';
import { useState } from 'react';
import { togglePermission } from '../../lib/permissions';

export interface RoleEditModalProps {
  title: string;
  initial: readonly Permission[];
  saving: boolean;
  onSave: (permissions: Permission[]) => void;
  onClose: () => void;
}

/** Ticks the permissions of one role; saved as a whole. */
export function RoleEditModal({ title, initial, saving, onSave, onClose }: RoleEditModalProps) {
  const [held, setHeld] = useState<Permission[]>([...initial]);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mb="lg">
        {ROLE_ASSIGNABLE_PERMISSIONS.map((p) => (
          <Checkbox
            key={p}
            label={p}
            checked={held.includes(p)}
            onChange={(e) => setHeld((h) => togglePermission(h, p, e.currentTarget.checked))}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => onSave(held)}>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
