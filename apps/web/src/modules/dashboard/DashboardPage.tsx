import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useUser } from '../../app/session/useUser';
import { goToTeam } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { PendingInvitations } from './PendingInvitations';
import { TeamCard } from './TeamCard';
import { usePreferTeam } from './useDashboardActions';

export function DashboardPage() {
  const { data: user } = useUser();
  const prefer = usePreferTeam();
  const slug = currentTeamSlug();
  if (!user) return <PageLoader />;
  return (
    <Stack gap="xl">
      <PageHeader
        title="Dashboard"
        actions={
          <Button component={Link} to="/team/create">
            Create team
          </Button>
        }
      />
      <section aria-labelledby="teams-heading">
        <Title order={2} size="h4" mb="sm" id="teams-heading">
          Your teams
        </Title>
        {user.teams.length === 0 ? (
          <Text c="dimmed" data-testid="no-teams">
            You are not a member of any team yet. Create one, or accept an invitation below.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="team-list">
            {user.teams.map((team) => (
              <TeamCard
                key={team.slug}
                team={team}
                current={team.slug === slug}
                onOpen={() => void goToTeam(team.slug)}
                onPreferred={() => prefer.mutate(team.slug)}
                preferring={prefer.isPending}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      <section aria-labelledby="invitations-heading">
        <Title order={2} size="h4" mb="sm" id="invitations-heading">
          Pending invitations
        </Title>
        <PendingInvitations invitations={user.invitations} />
      </section>
    </Stack>
  );
}
