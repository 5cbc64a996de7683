import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Team } from '@voxa/contracts';
import { goToTeam } from '../../lib/handoff';
import { teamAddress } from '../../lib/host';

export interface SwitchTeamModalProps {
  opened: boolean;
  onClose: () => void;
  teams: readonly Team[];
  currentSlug: string | null;
}

/** Lists the user's teams; choosing one moves to /dashboard on its sub-domain. */
export function SwitchTeamModal({ opened, onClose, teams, currentSlug }: SwitchTeamModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Switch team" centered>
      <Stack gap="xs" data-testid="switch-team-list">
        {teams.length === 0 && <Text c="dimmed">You are not a member of any team yet.</Text>}
        {teams.map((team) => (
          <Button
            key={team.slug}
            variant={team.slug === currentSlug ? 'light' : 'default'}
            justify="space-between"
            rightSection={
              <Text size="xs" c="dimmed">
                {teamAddress(team.slug)}
              </Text>
            }
            onClick={() => void goToTeam(team.slug)}
            disabled={team.slug === currentSlug}
            data-testid={`switch-team-${team.slug}`}
          >
            {team.title}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
