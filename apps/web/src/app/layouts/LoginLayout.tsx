import { Anchor, Center, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import { GuardedOutlet } from '../GuardedOutlet';

/** A centred card for sign-in, registration and account e-mails. */
export function LoginLayout() {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Anchor component={Link} to="/" underline="never" c="inherit" mx="auto" aria-label="Voxa home">
          <Logo size={36} />
        </Anchor>
        <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
          <GuardedOutlet />
        </Paper>
      </Stack>
    </Center>
  );
}
