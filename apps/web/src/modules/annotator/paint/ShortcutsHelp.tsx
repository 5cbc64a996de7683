import { Kbd, Modal, Table } from '@mantine/core';
import { SHORTCUTS } from './shortcuts';

export interface ShortcutsHelpProps {
  opened: boolean;
  onClose: () => void;
}

/** The keyboard shortcuts of the annotator ('?' opens it). */
export function ShortcutsHelp({ opened, onClose }: ShortcutsHelpProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table data-testid="shortcuts-help">
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.keys}>
              <Table.Td>
                <Kbd>{s.keys}</Kbd>
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
