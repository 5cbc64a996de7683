import { Group, Select, Switch } from '@mantine/core';
import { useStructures } from '../structures/useStructuresApi';
import type { SegmentationsQuery } from './segmentationsQuery';

export interface SegmentationFiltersProps {
  query: SegmentationsQuery;
  onChange: (query: SegmentationsQuery) => void;
}

/** A structure to pick and 'Assigned to me' (a box of the role the user holds now); either goes to page 1. */
export function SegmentationFilters({ query, onChange }: SegmentationFiltersProps) {
  const structures = useStructures({});
  return (
    <Group gap="lg" align="flex-end" mb="md">
      <Select
        label="Structure"
        placeholder="All structures"
        w={260}
        clearable
        searchable
        data={(structures.data ?? []).map((s) => ({ value: s.slug, label: `${s.title} (${s.slug})` }))}
        value={query.structure ?? null}
        onChange={(value) => onChange({ ...query, page: 1, structure: value ?? undefined })}
      />
      <Switch
        label="Assigned to me"
        checked={query.assigned === true}
        onChange={(e) => onChange({ ...query, page: 1, assigned: e.currentTarget.checked || undefined })}
      />
    </Group>
  );
}
