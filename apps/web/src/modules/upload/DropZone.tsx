import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { pickedFromDrop, pickedFromInput, type PickedFile } from './ingest/collectFiles';

export interface DropZoneProps {
  onFiles: (files: PickedFile[]) => void;
}

/** Files and whole folders by drag and drop, or by the two pickers (files; a folder). */
export function DropZone({ onFiles }: DropZoneProps) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void pickedFromDrop(event.dataTransfer).then(onFiles);
  };
  const onPick = (input: HTMLInputElement | null) => {
    if (!input?.files) return;
    onFiles(pickedFromInput(input.files));
    // The same files can be chosen again (and then count as duplicates).
    input.value = '';
  };

  return (
    <Paper
      withBorder
      p="xl"
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      <Stack align="center" gap="xs">
        <Text fw={500}>Drag and drop files here</Text>
        <Text size="sm" c="dimmed">
          or
        </Text>
        <Group gap="sm">
          <Button onClick={() => filesInput.current?.click()}>Browse files</Button>
          <Button variant="default" onClick={() => folderInput.current?.click()}>
            Browse folder
          </Button>
        </Group>
      </Stack>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(event) => onPick(event.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="folder-input"
        {...{ webkitdirectory: '' }}
        onChange={(event) => onPick(event.currentTarget)}
      />
    </Paper>
  );
}
