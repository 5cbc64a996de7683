import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { addCallingAeTitle, removeCallingAeTitle } from './callingAeTitles';

export interface CallingAeTitlesEditorProps {
  titles: readonly string[];
  saving: boolean;
  /** Saves the whole list; resolves once saved, rejects when the server refused it. */
  onSave: (titles: string[]) => Promise<unknown>;
}

/** The calling AE titles the team takes C-STORE from: listed, each removable, one added at a time. */
export function CallingAeTitlesEditor({ titles, saving, onSave }: CallingAeTitlesEditorProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const change = addCallingAeTitle(titles, typed);
    if (!change.ok) {
      setProblem(change.problem);
      return;
    }
    setProblem(null);
    // The typed title stays until the server has it, so a refused save (the card says why) loses nothing.
    onSave(change.titles).then(
      () => setTyped(''),
      () => undefined,
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Allowed calling AE titles
      </Text>
      {titles.length === 0 ? (
        <Text size="sm" data-testid="calling-ae-none">
          None listed: every caller is taken. List the senders’ AE titles to refuse everyone else.
        </Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="Allowed calling AE titles">
          {titles.map((title) => (
            <List.Item key={title} data-testid="calling-ae" data-title={title}>
              <Group gap="xs">
                <Text size="sm" ff="monospace">
                  {title}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${title}`}
                  disabled={saving}
                  onClick={() => onSave(removeCallingAeTitle(titles, title)).catch(() => undefined)}
                >
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form onSubmit={add} noValidate aria-label="Add a calling AE title">
        <Stack gap="xs" align="flex-start">
          <TextInput
            label="Calling AE title"
            placeholder="PACS_MAIN"
            description="1 to 16 characters: letters, digits, spaces and punctuation, no backslash."
            value={typed}
            error={problem}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit" size="xs" loading={saving}>
            Add
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
