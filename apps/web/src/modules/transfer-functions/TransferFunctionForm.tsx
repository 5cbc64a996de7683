import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { TRANSFER_FUNCTION_NAME_MAX } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useModalities } from '../upload/useUploadApi';
import { ColormapEditor } from './ColormapEditor';
import type { TransferFunctionDraft } from './draft';

export interface TransferFunctionFormProps {
  initial: TransferFunctionDraft;
  submitLabel: string;
  pending: boolean;
  /** The failed save, whose messages (422 per field, 409 for the form) are shown. */
  error: unknown;
  onSubmit: (draft: TransferFunctionDraft) => void;
  onCancel: () => void;
}

/** The first server message about any part of a field (colormap.I, colormap.R.3…). */
function errorUnder(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const key = Object.keys(error.errors).find((k) => k === field || k.startsWith(`${field}.`));
  return key ? error.errors[key]?.[0] : undefined;
}

/** Name and modality, then a window's width and center or a colour map's control points. */
export function TransferFunctionForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: TransferFunctionFormProps) {
  const modalities = useModalities();
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert message={formMessage(error)} />
        <TextInput
          label="Name"
          required
          maxLength={TRANSFER_FUNCTION_NAME_MAX}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          error={fieldError(error, 'name')}
        />
        <Select
          label="Modality"
          placeholder="Any modality"
          clearable
          searchable
          data={(modalities.data ?? []).map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
          value={draft.modality}
          onChange={(modality) => setDraft({ ...draft, modality })}
          error={fieldError(error, 'modality')}
        />
        {draft.kind === 'window' ? (
          <Group grow>
            <NumberInput
              label="Width"
              required
              min={0}
              value={draft.width}
              onChange={(width) => setDraft({ ...draft, width })}
              error={errorUnder(error, 'window.width')}
            />
            <NumberInput
              label="Center"
              required
              value={draft.center}
              onChange={(center) => setDraft({ ...draft, center })}
              error={errorUnder(error, 'window.center')}
            />
          </Group>
        ) : (
          <ColormapEditor
            points={draft.points}
            onChange={(points) => setDraft({ ...draft, points })}
            error={errorUnder(error, 'colormap')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!draft.name.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
