import { Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DataState } from '../../ui/DataState';
import { filterStudies, studyName } from './studySearch';
import { useTeamStudies } from './useTeamStudies';

export interface StudyChecklistProps {
  /** The chosen studies' uuids. */
  value: string[];
  onChange: (uuids: string[]) => void;
}

/** The team's studies as a searchable checklist. */
export function StudyChecklist({ value, onChange }: StudyChecklistProps) {
  const studies = useTeamStudies();
  const [search, setSearch] = useState('');
  if (!studies.data) return <DataState error={studies.error} />;
  const shown = filterStudies(studies.data, search);
  const toggle = (uuid: string, on: boolean) =>
    onChange(on ? [...value, uuid] : value.filter((u) => u !== uuid));
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <TextInput
          type="search"
          label="Studies"
          placeholder="Search by name or code"
          w={320}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Text size="sm" c="dimmed">
          {value.length} chosen
        </Text>
      </Group>
      <ScrollArea.Autosize mah={260}>
        <Stack gap={6} data-testid="study-checklist">
          {shown.map((s) => (
            <Checkbox
              key={s.uuid}
              label={`${studyName(s)} · ${s.study_id}`}
              checked={value.includes(s.uuid)}
              onChange={(e) => toggle(s.uuid, e.currentTarget.checked)}
            />
          ))}
          {shown.length === 0 && (
            <Text size="sm" c="dimmed">
              No study matches.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
