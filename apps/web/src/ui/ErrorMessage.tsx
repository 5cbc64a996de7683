import { MESSAGES } from '@voxa/contracts';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';

export interface ErrorMessageProps {
  status: number;
  message: string;
}

/** Full error page body; a plain link (full load) so it works even when the router is broken. */
export function ErrorMessage({ status, message }: ErrorMessageProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs" data-testid="error-page">
        <Title order={1} c="dimmed">
          {status}
        </Title>
        <Text size="lg" role="alert">
          {message}
        </Text>
        <Anchor href="/">{MESSAGES.backHome}</Anchor>
      </Stack>
    </Center>
  );
}
