import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConflictDialogProps {
  /** The revision someone else saved; null closes the dialog. */
  current: number | null;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}

/** A save refused because the mask changed since it was loaded: never a silent loss, the user chooses. */
export function ConflictDialog({ current, onReload, onOverwrite, onCancel }: ConflictDialogProps) {
  return (
    <Modal opened={current !== null} onClose={onCancel} title="The mask was saved by someone else">
      <Text size="sm" mb="md">
        Revision {current} was saved after you loaded this mask. Reload it and lose your unsaved changes, or
        overwrite it with yours.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onReload}>
          Reload
        </Button>
        <Button color="red" onClick={onOverwrite}>
          Overwrite
        </Button>
      </Group>
    </Modal>
  );
}
