import { Modal } from '@mantine/core';
import type { AdminStructure } from '@voxa/contracts';
import { StructureForm, type StructureFormValues } from '../structures/StructureForm';

export interface AdminStructureModalProps {
  /** The structure to change; null to add a new one. */
  structure: AdminStructure | null;
  pending: boolean;
  error: unknown;
  onSave: (values: StructureFormValues) => void;
  onClose: () => void;
}

/** Adds or changes a global structure; a seeded one keeps its slug. */
export function AdminStructureModal({
  structure,
  pending,
  error,
  onSave,
  onClose,
}: AdminStructureModalProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={structure ? `Edit ${structure.title}` : 'New global structure'}
      centered
    >
      <StructureForm
        initial={{
          title: structure?.title ?? '',
          category: structure?.category?.slug ?? null,
          slug: structure?.slug ?? '',
        }}
        slugMode={structure === null ? 'derived' : structure.seeded ? 'fixed' : 'editable'}
        submitLabel={structure ? 'Save structure' : 'Create structure'}
        pending={pending}
        error={error}
        onSubmit={onSave}
        onCancel={onClose}
      />
    </Modal>
  );
}
