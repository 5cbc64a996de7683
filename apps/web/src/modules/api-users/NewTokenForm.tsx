import { Button, Code, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../ui/notify';
import { ShownOnceSecret } from '../../ui/ShownOnceSecret';
import { useApiUserChanges } from './useApiUsersApi';

/** Creates a token of the API user; its secret is shown here once, with a copy button. */
export function NewTokenForm({ apiUserId }: { apiUserId: number }) {
  const { createToken } = useApiUserChanges();
  const [name, setName] = useState('');
  // A date input gives YYYY-MM-DD: the token stops working at the start of that day, UTC.
  const [expires, setExpires] = useState('');
  const [issued, setIssued] = useState<{ name: string; secret: string } | null>(null);
  const submit = () =>
    createToken.mutate(
      {
        apiUserId,
        body: {
          name: name.trim(),
          expires_at: expires ? new Date(`${expires}T00:00:00Z`).toISOString() : null,
        },
      },
      {
        onSuccess: ({ token, secret }) => {
          setIssued({ name: token.name, secret });
          setName('');
          setExpires('');
        },
        onError: notifyError,
      },
    );
  return (
    <Stack gap="sm" mb="md">
      <Group align="flex-end">
        <TextInput
          label="New token"
          placeholder="ci-script"
          value={name}
          maxLength={128}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Expires (optional)"
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
        />
        <Button onClick={submit} disabled={!name.trim()} loading={createToken.isPending}>
          Create token
        </Button>
      </Group>
      {issued && (
        <ShownOnceSecret
          title={`Token ${issued.name}`}
          secret={issued.secret}
          testId="api-token-secret"
          onClose={() => setIssued(null)}
        >
          A script sends it as <Code>Authorization: Bearer …</Code> with the team’s address.
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
