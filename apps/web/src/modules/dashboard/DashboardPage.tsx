import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useUser } from '../../app/session/useUser';
import { goToTeam } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { SectionCard } from '../../ui/SectionCard';
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
      <SectionCard title="Your teams" bare>
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
      </SectionCard>
      <SectionCard title="Pending invitations" bare>
        <PendingInvitations invitations={user.invitations} />
      </SectionCard>
    </Stack>
  );
}
