import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <Container size="lg" py="xl" component="footer">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Voxa, open-source imaging for research teams
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/contact" size="sm">
            Contact
          </Anchor>
          <Anchor component={Link} to="/subprocessors" size="sm">
            Subprocessors
          </Anchor>
        </Group>
      </Group>
    </Container>
  );
}
