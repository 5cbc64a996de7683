import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notifyError } from './notify';
import { ShownOnceSecret } from './ShownOnceSecret';

/** What adding a holder answers: the holder, and its token's secret (shown this once). */
interface Issued {
  worker: { name: string };
  token: string;
}

export interface NewTokenHolderFormProps {
  /** The mutation that adds a holder by name. */
  create: Pick<UseMutationResult<Issued, Error, string>, 'mutate' | 'isPending'>;
  /** The name field's label ("New worker"). */
  label: string;
  placeholder: string;
  /** The add button's text. */
  submitLabel: string;
  /** The test id of the shown token. */
  tokenTestId: string;
  /** How the holder sends its token, shown with it. */
  children: ReactNode;
}

/** Adds a token holder (an AI or XR worker) by name; its token is shown here once. */
export function NewTokenHolderForm({
  create,
  label,
  placeholder,
  submitLabel,
  tokenTestId,
  children,
}: NewTokenHolderFormProps) {
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const submit = () =>
    create.mutate(name.trim(), {
      onSuccess: ({ worker, token }) => {
        setIssued({ name: worker.name, token });
        setName('');
      },
      onError: notifyError,
    });
  return (
    <Stack gap="sm" mb="md">
      <Group align="flex-end">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={name}
          maxLength={128}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && name.trim() && submit()}
        />
        <Button onClick={submit} disabled={!name.trim()} loading={create.isPending}>
          {submitLabel}
        </Button>
      </Group>
      {issued && (
        <ShownOnceSecret
          title={`Token of ${issued.name}`}
          secret={issued.token}
          testId={tokenTestId}
          onClose={() => setIssued(null)}
        >
          {children}
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
