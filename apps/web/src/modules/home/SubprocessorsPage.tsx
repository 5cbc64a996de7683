import { Stack, Text, Title } from '@mantine/core';

export function SubprocessorsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Subprocessors</Title>
      <Text>
        A self-hosted Voxa installation has no subprocessors by default: studies, annotations and accounts
        stay on the servers of the organisation that runs it, and the software sends no data to third parties.
      </Text>
      <Text c="dimmed">
        If your organisation adds services such as an e-mail provider, object storage or hosted compute, it
        lists them here or in its own privacy notice.
      </Text>
    </Stack>
  );
}
