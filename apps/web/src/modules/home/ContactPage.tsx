import { List, Stack, Text, Title } from '@mantine/core';

export function ContactPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Contact</Title>
      <Text>
        Voxa is open-source software that each organisation runs on its own servers. For access, accounts and
        data held in this installation, please contact the administrator of your organisation.
      </Text>
      <List spacing="xs">
        <List.Item>Questions about a team: ask its owner, who can invite members and set roles.</List.Item>
        <List.Item>Problems with this installation: ask the administrator who runs it.</List.Item>
      </List>
    </Stack>
  );
}
