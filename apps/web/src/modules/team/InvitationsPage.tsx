import { Stack } from '@mantine/core';
import { useCurrentTeam } from '../../app/session/useCurrentTeam';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SectionCard } from '../../ui/SectionCard';
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
      <SectionCard title="Invite members">
        {team.data && roles.data ? (
          <InvitationForm teamId={team.data.id} roles={roles.data} />
        ) : (
          <DataState error={invitations.error} />
        )}
      </SectionCard>
      <SectionCard title="Sent invitations" bare>
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
      </SectionCard>
    </Stack>
  );
}
