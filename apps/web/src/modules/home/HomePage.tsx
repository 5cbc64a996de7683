import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useUser } from '../../app/session/useUser';

const FEATURES = [
  {
    title: 'Upload and organise',
    text: 'DICOM and NIfTI studies travel over the encrypted connection and are de-identified by the server as they arrive, before they are stored or converted: with Anonymize all on, nothing identifying is kept.',
  },
  {
    title: 'Segment and label',
    text: 'Annotate studies together, with roles that decide who works on what.',
  },
  { title: 'AI assistance', text: 'Train models on your own segmentations and run them on new cases.' },
];

export function HomePage() {
  const { data: user } = useUser();
  return (
    <Container size="lg" py={64}>
      <Stack gap="xl" align="flex-start">
        <Title order={1} size={44} maw={720}>
          Medical imaging for research teams, in the browser
        </Title>
        <Text size="lg" c="dimmed" maw={640}>
          Voxa is an open-source platform where teams upload imaging studies, segment and label them, and run
          AI on them. Each team works in its own space, with the people and roles it chooses.
        </Text>
        <Group>
          {user ? (
            <Button size="md" component={Link} to="/dashboard">
              Go to dashboard
            </Button>
          ) : (
            <>
              <Button size="md" component={Link} to="/login">
                Login
              </Button>
              <Button size="md" variant="default" component={Link} to="/register">
                Register
              </Button>
            </>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt="xl">
          {FEATURES.map((f) => (
            <Stack key={f.title} gap={4}>
              <Text fw={600}>{f.title}</Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
