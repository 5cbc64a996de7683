import { Card, Stack, Title } from '@mantine/core';
import { useCurrentTeam } from '../../app/session/useCurrentTeam';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { InvitationForm } from './InvitationForm';
import { TeamInvitationsTable } from './TeamInvitationsTable';
import { useRevokeInvitation, useRoleList, useTeamInvitations } from './useTeamApi';

export function InvitationsPage() {
  const team = useCurrentTeam();
  const roles = useRoleList();
  const invitations = useTeamInvitations();
  const revoke = useRevokeInvitation();
  return (
    <Stack gap="xl">
      <PageHeader title="Invitations" />
      <Card withBorder>
        <Title order={2} size="h4" mb="md">
          Invite members
        </Title>
        {team.data && roles.data ? (
          <InvitationForm teamId={team.data.id} roles={roles.data} />
        ) : (
          <DataState error={invitations.error} />
        )}
      </Card>
      <section aria-labelledby="sent-heading">
        <Title order={2} size="h4" mb="sm" id="sent-heading">
          Sent invitations
        </Title>
        {invitations.data ? (
          <TeamInvitationsTable
            invitations={invitations.data}
            onRevoke={(id) =>
              revoke.mutate(id, {
                onSuccess: () => notifySuccess('Invitation has been withdrawn'),
                onError: notifyError,
              })
            }
          />
        ) : (
          <DataState error={invitations.error} />
        )}
      </section>
    </Stack>
  );
}
