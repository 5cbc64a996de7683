import { Group, Select } from '@mantine/core';
import { DebouncedSearch } from '../../ui/DebouncedSearch';
import type { StructuresFilter } from './structuresFilter';
import { useCategories } from './useStructuresApi';

export interface StructureFiltersProps {
  filter: StructuresFilter;
  onChange: (filter: StructuresFilter) => void;
}

/** Search by title or slug (sent once the typing pauses) and a body-part category to pick. */
export function StructureFilters({ filter, onChange }: StructureFiltersProps) {
  const categories = useCategories();
  return (
    <Group gap="sm" align="flex-end" mb="md">
      <DebouncedSearch
        value={filter.search}
        onSearch={(search) => onChange({ ...filter, search })}
        placeholder="Title or slug"
      />
      <Select
        label="Category"
        placeholder="All categories"
        w={220}
        clearable
        searchable
        data={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.title }))}
        value={filter.category ?? null}
        onChange={(value) => onChange({ ...filter, category: value ?? undefined })}
      />
    </Group>
  );
}
