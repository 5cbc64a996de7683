import { Select } from '@mantine/core';
import type { StudyListItem } from '@voxa/contracts';
import { studyName } from './studySearch';
import { useTeamStudies } from './useTeamStudies';

export interface StudyPickerProps {
  value: StudyListItem | null;
  onChange: (study: StudyListItem | null) => void;
}

/** Chooses one of the team's studies, searched by name or code. */
export function StudyPicker({ value, onChange }: StudyPickerProps) {
  const studies = useTeamStudies();
  const list = studies.data ?? [];
  return (
    <Select
      label="Study"
      placeholder={studies.isPending ? 'Loading studies…' : 'Search a study by name or code'}
      w={420}
      searchable
      clearable
      nothingFoundMessage="No study matches"
      data={list.map((s) => ({ value: s.uuid, label: `${studyName(s)} · ${s.study_id}` }))}
      value={value?.uuid ?? null}
      onChange={(uuid) => onChange(list.find((s) => s.uuid === uuid) ?? null)}
      error={studies.error ? 'The studies could not be loaded.' : undefined}
    />
  );
}
