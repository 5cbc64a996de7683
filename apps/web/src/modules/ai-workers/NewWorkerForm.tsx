import { Button, Code, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../ui/notify';
import { ShownOnceSecret } from '../../ui/ShownOnceSecret';
import { useAiWorkerChanges } from './useAiWorkersApi';

/** Adds a worker; its token is shown here once, to copy into the worker's settings. */
export function NewWorkerForm() {
  const { create } = useAiWorkerChanges();
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
          label="New worker"
          placeholder="gpu-box-1"
          value={name}
          maxLength={128}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && name.trim() && submit()}
        />
        <Button onClick={submit} disabled={!name.trim()} loading={create.isPending}>
          Add worker
        </Button>
      </Group>
      {issued && (
        <ShownOnceSecret
          title={`Token of ${issued.name}`}
          secret={issued.token}
          testId="worker-token"
          onClose={() => setIssued(null)}
        >
          The worker sends it as <Code>Authorization: Bearer …</Code> (see docs/ai-workers.md).
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
