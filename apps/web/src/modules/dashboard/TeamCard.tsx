import { Avatar, Button, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { Team } from '@voxa/contracts';
import { teamAddress } from '../../lib/host';

export interface TeamCardProps {
  team: Team;
  current: boolean;
  onOpen: () => void;
  onPreferred: () => void;
  preferring: boolean;
}

export function TeamCard({ team, current, onOpen, onPreferred, preferring }: TeamCardProps) {
  return (
    <Card
      withBorder
      padding="md"
      data-testid={`team-card-${team.slug}`}
      aria-label={team.title}
      component="article"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar color={team.data.color} radius="md">
            {team.title.slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {team.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {teamAddress(team.slug)}
            </Text>
          </div>
        </Group>
        <Avatar.Group>
          {team.users.slice(0, 6).map((u) => (
            <Tooltip key={u.id} label={u.name} withArrow>
              <Avatar size="sm" radius="xl" color={u.data.color}>
                {u.name.slice(0, 1).toUpperCase()}
              </Avatar>
            </Tooltip>
          ))}
          {team.users.length > 6 && (
            <Avatar size="sm" radius="xl">
              +{team.users.length - 6}
            </Avatar>
          )}
        </Avatar.Group>
        <Group justify="space-between">
          <Switch
            label="Preferred"
            checked={team.preferred}
            disabled={team.preferred || preferring}
            onChange={onPreferred}
          />
          <Button
            size="xs"
            onClick={onOpen}
            variant={current ? 'light' : 'filled'}
            aria-label={`Open ${team.title}`}
          >
            Open
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
