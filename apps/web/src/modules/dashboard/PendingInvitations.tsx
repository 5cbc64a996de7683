import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PendingInvitation } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { useAnswerInvitation } from './useDashboardActions';

export interface PendingInvitationsProps {
  invitations: readonly PendingInvitation[];
}

/** The user's pending invitations, each with Accept and Decline. */
export function PendingInvitations({ invitations }: PendingInvitationsProps) {
  const answer = useAnswerInvitation();
  const pending = invitations.filter((i) => i.status === 'pending');
  if (pending.length === 0) {
    return (
      <Text c="dimmed" data-testid="no-invitations">
        No pending invitations.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {pending.map((inv) => {
        const busy = answer.isPending && answer.variables?.id === inv.id;
        return (
          <Paper
            key={inv.id}
            withBorder
            p="sm"
            data-testid={`invitation-${inv.id}`}
            aria-label={inv.team.title}
          >
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>{inv.team.title}</Text>
                <Text size="xs" c="dimmed">
                  Invited as {inv.role.name} · {formatDate(inv.created_at)}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={busy}
                  onClick={() => answer.mutate({ id: inv.id, status: 'accept' })}
                >
                  Accept
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy}
                  onClick={() => answer.mutate({ id: inv.id, status: 'decline' })}
                >
                  Decline
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
