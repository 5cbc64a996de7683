import { Button, Group, List, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { MoveDestination } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';

export interface MoveDestinationsEditorProps {
  destinations: readonly MoveDestination[];
  saving: boolean;
  /** Saves the whole list; resolves once saved, rejects when the server refused it (the card says why). */
  onSave: (destinations: MoveDestination[]) => Promise<unknown>;
}

const empty = { aeTitle: '', host: '', port: 104 };

/** The AEs a C-MOVE may send the team's studies to (decision 0090): listed, each removable, one added at a time. */
export function MoveDestinationsEditor({ destinations, saving, onSave }: MoveDestinationsEditorProps) {
  const [typed, setTyped] = useState(empty);

  const add = (event: FormEvent) => {
    event.preventDefault();
    // What was typed stays until the server has it, so a refused save loses nothing.
    onSave([...destinations, typed]).then(
      () => setTyped(empty),
      () => undefined,
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        C-MOVE destinations
      </Text>
      {destinations.length === 0 ? (
        <Text size="sm" data-testid="move-destination-none">
          None: a workstation can search (C-FIND) and pull studies by C-GET, but a C-MOVE is refused until its
          destination AE is listed here.
        </Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="C-MOVE destinations">
          {destinations.map((d) => (
            <List.Item key={d.aeTitle} data-testid="move-destination" data-title={d.aeTitle}>
              <Group gap="xs">
                <Text size="sm" ff="monospace">
                  {d.aeTitle} at {d.host}:{d.port}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${d.aeTitle}`}
                  disabled={saving}
                  onClick={() =>
                    onSave(destinations.filter((other) => other.aeTitle !== d.aeTitle)).catch(() => undefined)
                  }
                >
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form onSubmit={add} noValidate aria-label="Add a C-MOVE destination">
        <Group gap="xs" align="flex-end">
          <TextInput
            label="AE title"
            placeholder="WORKSTATION"
            value={typed.aeTitle}
            onChange={(event) => setTyped({ ...typed, aeTitle: event.currentTarget.value })}
          />
          <TextInput
            label="Host"
            placeholder="10.0.0.7"
            value={typed.host}
            onChange={(event) => setTyped({ ...typed, host: event.currentTarget.value })}
          />
          <NumberInput
            label="Port"
            min={1}
            max={65535}
            w={110}
            value={typed.port}
            onChange={(value) => setTyped({ ...typed, port: typeof value === 'number' ? value : 0 })}
          />
          <Button type="submit" size="xs" loading={saving}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
