import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@voxa/contracts';

export function MaintenancePage() {
  return (
    <Center mih="80vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          Maintenance
        </Title>
        <Text size="lg" role="status">
          {MESSAGES.maintenance}
        </Text>
        <Anchor href="/">Try again</Anchor>
      </Stack>
    </Center>
  );
}
