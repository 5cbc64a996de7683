import { Button, Code, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../ui/notify';
import { ShownOnceSecret } from '../../ui/ShownOnceSecret';
import { useXrWorkerChanges } from './useXrApi';

/** Adds an XR worker; its token is shown here once, to enter in the headset app. */
export function NewXrWorkerForm() {
  const { create } = useXrWorkerChanges();
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
          label="New XR worker"
          placeholder="Quest 3 in room 2"
          value={name}
          maxLength={128}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && name.trim() && submit()}
        />
        <Button onClick={submit} disabled={!name.trim()} loading={create.isPending}>
          Add XR worker
        </Button>
      </Group>
      {issued && (
        <ShownOnceSecret
          title={`Token of ${issued.name}`}
          secret={issued.token}
          testId="xr-worker-token"
          onClose={() => setIssued(null)}
        >
          The headset app sends it as <Code>Authorization: Bearer …</Code> to /api/xr-worker/register and
          /api/xr-worker/heartbeat.
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
