import { Drawer } from '@mantine/core';
import { RIGHT_PANEL_WIDTH, type TransferFunction, type TransferFunctionKind } from '@voxa/contracts';
import { notifySuccess } from '../../ui/notify';
import { draftOf, inputOf, newDraft, type TransferFunctionDraft } from './draft';
import { TransferFunctionForm } from './TransferFunctionForm';
import { useTransferFunctionChanges } from './useTransferFunctionsApi';

/** What the panel edits: a new one of a kind, or one of the team's own. */
export type Editing = { kind: TransferFunctionKind } | { existing: TransferFunction };

export interface TransferFunctionDrawerProps {
  editing: Editing | null;
  onClose: () => void;
}

const KIND_NAME: Record<TransferFunctionKind, string> = { window: 'window preset', colormap: 'colour map' };

/** The slide-in panel that creates or changes a transfer function; a toast says when it is saved. */
export function TransferFunctionDrawer({ editing, onClose }: TransferFunctionDrawerProps) {
  const { create, update } = useTransferFunctionChanges();
  const existing = editing && 'existing' in editing ? editing.existing : null;
  const kind = existing?.kind ?? (editing && 'kind' in editing ? editing.kind : 'window');
  const mutation = existing ? update : create;
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const save = (draft: TransferFunctionDraft) => {
    const done = {
      onSuccess: () => {
        notifySuccess(`${draft.name.trim()} has been saved`);
        close();
      },
    };
    if (existing) update.mutate({ id: existing.id, body: inputOf(draft) }, done);
    else create.mutate(inputOf(draft), done);
  };
  return (
    <Drawer
      opened={editing !== null}
      onClose={close}
      position="right"
      size={RIGHT_PANEL_WIDTH}
      title={existing ? `Edit ${existing.name}` : `New ${KIND_NAME[kind]}`}
      data-testid="transfer-function-panel"
    >
      {editing && (
        <TransferFunctionForm
          key={existing?.id ?? kind}
          initial={existing ? draftOf(existing) : newDraft(kind)}
          submitLabel={existing ? 'Save' : 'Create'}
          pending={mutation.isPending}
          error={mutation.error}
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Drawer>
  );
}
