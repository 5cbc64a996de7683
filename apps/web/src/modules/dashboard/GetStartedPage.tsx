import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useUser } from '../../app/session/useUser';
import { PageLoader } from '../../ui/PageLoader';
import { PendingInvitations } from './PendingInvitations';

/** For a user without a team: create one, or answer an invitation. */
export function GetStartedPage() {
  const { data: user } = useUser();
  if (!user) return <PageLoader />;
  return (
    <Stack gap="lg">
      <Title order={1}>Get started</Title>
      <Text>
        Welcome, {user.name}. In Voxa you work inside a team: its members share studies, segmentations and
        models.
      </Text>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Create a team
          </Title>
          <Text size="sm" c="dimmed">
            You become its owner and can invite colleagues with a role.
          </Text>
          <Group>
            <Button component={Link} to="/team/create">
              Create team
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Join a team
          </Title>
          <Text size="sm" c="dimmed">
            When someone invites you, the invitation appears here and on your dashboard.
          </Text>
          <PendingInvitations invitations={user.invitations} />
        </Stack>
      </Card>
      {user.teams.length > 0 && (
        <Group>
          <Button variant="default" component={Link} to="/dashboard">
            Go to dashboard
          </Button>
        </Group>
      )}
    </Stack>
  );
}
